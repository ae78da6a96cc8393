import { randomBytes } from 'node:crypto';
import type { AlignmentItem, AlignmentReplacement, SelectionRequest } from '../../src/contract';
import { HttpError } from '../http/problem';
import type { Db } from './database';
import { newId, newRevision, nowIso } from './ids';
import { all, one, run } from './statements';

export interface AlignmentRow {
  id: string;
  project_id: string;
  model: string;
  name: string | null;
  items_json: string;
  revision: string;
  created_at: string;
}

interface SelectionState {
  selected_alignment_id: string | null;
  selection_revision: string;
}

/**
 * The Alignment as JSON in three parts: before the items, the items (stored as JSON and spliced
 * in, never re-encoded), after them. A large body is written as the parts, never joined.
 */
export function alignmentJsonParts<T extends string | Buffer>(
  row: Omit<AlignmentRow, 'items_json'>,
  itemsJson: T,
  project: SelectionState,
): [string, T, string] {
  const s = JSON.stringify;
  return [
    `{"id":${s(row.id)},"model":${s(row.model)},"alignment":{"items":`,
    itemsJson,
    `},"createdAt":${s(row.created_at)},"revision":${s(row.revision)},` +
      `"selected":${row.id === project.selected_alignment_id},` +
      `"selectionRevision":${s(project.selection_revision)},"name":${s(row.name)}}`,
  ];
}

/** The Alignment as JSON text. */
export const alignmentJson = (row: AlignmentRow, project: SelectionState): string =>
  alignmentJsonParts(row, row.items_json, project).join('');

export function projectAlignments(db: Db, projectId: string): AlignmentRow[] {
  return all<AlignmentRow>(
    db,
    'SELECT * FROM alignments WHERE project_id = ? ORDER BY created_at, rowid',
    projectId,
  );
}

/** New item ids are this (random per save) plus the item's index in base 36. */
export const newIdPrefix = (): string => `itm_${randomBytes(6).toString('base64url')}_`;

/**
 * Items without an id get a new one that stays with them; given ids are kept. Mutates the items
 * (fresh parser output) instead of copying 100,000 objects.
 */
export function withIds(items: AlignmentItem[]): AlignmentItem[] {
  const prefix = newIdPrefix();
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (item && item.id === undefined) item.id = `${prefix}${index.toString(36)}`;
  }
  return items;
}

/** Adds an alignment; it becomes the selected one when the project had none selected. */
export function insertAlignment(
  db: Db,
  projectId: string,
  alignment: { model: string; name: string | null; items: AlignmentItem[] },
  options: { select?: boolean } = {},
): string {
  const id = newId('aln');
  const now = nowIso();
  run(
    db,
    `INSERT INTO alignments (id, project_id, model, name, items_json, revision, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    projectId,
    alignment.model,
    alignment.name,
    JSON.stringify(withIds(alignment.items)),
    newRevision(),
    now,
    now,
  );
  const project = selectionState(db, projectId);
  if (options.select || !project?.selected_alignment_id) selectAlignmentRow(db, projectId, id);
  return id;
}

function selectionState(db: Db, projectId: string): SelectionState | undefined {
  return one<SelectionState>(
    db,
    'SELECT selected_alignment_id, selection_revision FROM projects WHERE id = ?',
    projectId,
  );
}

function selectAlignmentRow(db: Db, projectId: string, alignmentId: string): void {
  run(
    db,
    `UPDATE projects SET selected_alignment_id = ?, selection_revision = ?, updated_at = ?
     WHERE id = ? AND (selected_alignment_id IS NULL OR selected_alignment_id != ?)`,
    alignmentId,
    newRevision(),
    nowIso(),
    projectId,
    alignmentId,
  );
}

type AlignmentMeta = Omit<AlignmentRow, 'items_json'>;

/** Everything but the items (a 100,000-item alignment is megabytes: read it only when needed). */
function loadForWrite(db: Db, projectId: string, alignmentId: string) {
  const row = one<AlignmentMeta>(
    db,
    `SELECT id, project_id, model, name, revision, created_at FROM alignments
     WHERE id = ? AND project_id = ?`,
    alignmentId,
    projectId,
  );
  const project = selectionState(db, projectId);
  if (!row || !project) throw new HttpError(404, 'Alignment was not found.');
  return { row, project };
}

function conflict(row: AlignmentMeta, project: SelectionState, what: string): HttpError {
  return new HttpError(
    409,
    `The ${what} changed since it was read: fetch the project again before applying edits.`,
    { revision: row.revision, selectionRevision: project.selection_revision },
  );
}

/**
 * PUT .../alignments/{id}: both guards, then replace (and select) in one transaction. The items
 * come as the JSON bytes to store (prepared off the main thread); SQLite stores them as text.
 */
export function replaceAlignment(
  db: Db,
  projectId: string,
  alignmentId: string,
  body: Omit<AlignmentReplacement, 'alignment'> & { itemsJson: Buffer },
): { parts: [string, Buffer, string]; revision: string } {
  const { itemsJson } = body;
  return db
    .transaction(() => {
      const { row, project } = loadForWrite(db, projectId, alignmentId);
      if (body.expectedRevision !== row.revision) throw conflict(row, project, 'timing revision');
      if (
        body.expectedSelectionRevision !== undefined &&
        body.expectedSelectionRevision !== project.selection_revision
      ) {
        throw conflict(row, project, 'selection revision');
      }
      run(
        db,
        'UPDATE alignments SET items_json = CAST(? AS TEXT), revision = ?, updated_at = ? WHERE id = ?',
        itemsJson,
        newRevision(),
        nowIso(),
        alignmentId,
      );
      if (body.select) selectAlignmentRow(db, projectId, alignmentId);
      const fresh = loadForWrite(db, projectId, alignmentId);
      return {
        parts: alignmentJsonParts(fresh.row, itemsJson, fresh.project),
        revision: fresh.row.revision,
      };
    })
    .immediate();
}

/** The stored alignment as JSON when its revision is still `revision` (an idempotent replay). */
export function alignmentAtRevision(
  db: Db,
  projectId: string,
  alignmentId: string,
  revision: string,
): { json: string } | { conflict: HttpError } {
  const { row, project } = loadForWrite(db, projectId, alignmentId);
  if (row.revision !== revision) return { conflict: conflict(row, project, 'timing revision') };
  const full = one<AlignmentRow>(db, 'SELECT * FROM alignments WHERE id = ?', alignmentId);
  if (!full) throw new HttpError(404, 'Alignment was not found.');
  return { json: alignmentJson(full, project) };
}

/** PUT .../selection: selects with both guards; selecting the selected one changes nothing. */
export function selectAlignment(
  db: Db,
  projectId: string,
  alignmentId: string,
  body: SelectionRequest,
): string {
  return db
    .transaction(() => {
      const { row, project } = loadForWrite(db, projectId, alignmentId);
      if (body.expectedRevision !== row.revision) throw conflict(row, project, 'timing revision');
      if (body.expectedSelectionRevision !== project.selection_revision) {
        throw conflict(row, project, 'selection revision');
      }
      selectAlignmentRow(db, projectId, alignmentId);
      const fresh = one<AlignmentRow>(db, 'SELECT * FROM alignments WHERE id = ?', alignmentId);
      const state = selectionState(db, projectId);
      if (!fresh || !state) throw new HttpError(404, 'Alignment was not found.');
      return alignmentJson(fresh, state);
    })
    .immediate();
}
