import { randomBytes } from 'node:crypto';
import type { AlignmentItem, AlignmentReplacement, SelectionRequest } from '../../src/contract';
import { NotFoundError, StaleVersionError } from '../errors';
import type { Db } from './database';
import { newId, newRevision, nowIso } from './ids';

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

export function projectAlignments(db: Db, projectId: string): Promise<AlignmentRow[]> {
  return db.all<AlignmentRow>(
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

/**
 * Adds an alignment; it becomes the selected one when the project had none selected. `name` may be
 * a function of the project's alignments, read with the project locked (two tasks finishing at
 * once on PostgreSQL must not both pick "Local aligner 2").
 */
export function insertAlignment(
  db: Db,
  projectId: string,
  alignment: {
    model: string;
    name: string | null | ((existing: AlignmentMeta[]) => string | null);
    items: AlignmentItem[];
  },
  options: { select?: boolean } = {},
): Promise<string> {
  const itemsJson = JSON.stringify(withIds(alignment.items));
  return db.tx(async (tx) => {
    const project = await selectionState(tx, projectId, tx.forUpdate);
    const name =
      typeof alignment.name === 'function'
        ? alignment.name(await alignmentMetas(tx, projectId))
        : alignment.name;
    const id = newId('aln');
    const now = nowIso();
    await tx.run(
      `INSERT INTO alignments (id, project_id, model, name, items_json, revision, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      projectId,
      alignment.model,
      name,
      itemsJson,
      newRevision(),
      now,
      now,
    );
    if (options.select || !project?.selected_alignment_id) {
      await selectAlignmentRow(tx, projectId, id);
    }
    return id;
  });
}

/** The project's alignments without their items. */
export function alignmentMetas(db: Db, projectId: string): Promise<AlignmentMeta[]> {
  return db.all<AlignmentMeta>(
    `SELECT id, project_id, model, name, revision, created_at FROM alignments
     WHERE project_id = ? ORDER BY created_at, rowid`,
    projectId,
  );
}

function selectionState(db: Db, projectId: string, lock = ''): Promise<SelectionState | undefined> {
  return db.one<SelectionState>(
    `SELECT selected_alignment_id, selection_revision FROM projects WHERE id = ?${lock}`,
    projectId,
  );
}

async function selectAlignmentRow(db: Db, projectId: string, alignmentId: string): Promise<void> {
  await db.run(
    `UPDATE projects SET selected_alignment_id = ?, selection_revision = ?, updated_at = ?
     WHERE id = ? AND (selected_alignment_id IS NULL OR selected_alignment_id != ?)`,
    alignmentId,
    newRevision(),
    nowIso(),
    projectId,
    alignmentId,
  );
}

export type AlignmentMeta = Omit<AlignmentRow, 'items_json'>;

/**
 * Everything but the items (a 100,000-item alignment is megabytes: read it only when needed),
 * with the project row, then the alignment row, locked (always in that order) on PostgreSQL.
 */
async function loadForWrite(db: Db, projectId: string, alignmentId: string) {
  const project = await selectionState(db, projectId, db.forUpdate);
  const row = await db.one<AlignmentMeta>(
    `SELECT id, project_id, model, name, revision, created_at FROM alignments
     WHERE id = ? AND project_id = ?${db.forUpdate}`,
    alignmentId,
    projectId,
  );
  if (!row || !project) throw new NotFoundError('Alignment');
  return { row, project };
}

/** The stored revisions, for a write that found them moved. */
function conflict(
  row: AlignmentMeta,
  project: SelectionState,
  what: 'timing revision' | 'selection revision',
): StaleVersionError {
  return new StaleVersionError(what, {
    revision: row.revision,
    selectionRevision: project.selection_revision,
  });
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
): Promise<{ parts: [string, Buffer, string]; revision: string }> {
  const { itemsJson } = body;
  return db.tx(async (tx) => {
    const { row, project } = await loadForWrite(tx, projectId, alignmentId);
    if (body.expectedRevision !== row.revision) throw conflict(row, project, 'timing revision');
    if (
      body.expectedSelectionRevision !== undefined &&
      body.expectedSelectionRevision !== project.selection_revision
    ) {
      throw conflict(row, project, 'selection revision');
    }
    await tx.run(
      'UPDATE alignments SET items_json = CAST(? AS TEXT), revision = ?, updated_at = ? WHERE id = ?',
      itemsJson,
      newRevision(),
      nowIso(),
      alignmentId,
    );
    if (body.select) await selectAlignmentRow(tx, projectId, alignmentId);
    const fresh = await loadForWrite(tx, projectId, alignmentId);
    return {
      parts: alignmentJsonParts(fresh.row, itemsJson, fresh.project),
      revision: fresh.row.revision,
    };
  });
}

/**
 * The stored alignment as JSON while its revision is still `revision` (an idempotent replay);
 * StaleVersionError once someone saved after it.
 */
export async function alignmentAtRevision(
  db: Db,
  projectId: string,
  alignmentId: string,
  revision: string,
): Promise<string> {
  const { row, project } = await loadForWrite(db, projectId, alignmentId);
  if (row.revision !== revision) throw conflict(row, project, 'timing revision');
  const full = await db.one<AlignmentRow>('SELECT * FROM alignments WHERE id = ?', alignmentId);
  if (!full) throw new NotFoundError('Alignment');
  return alignmentJson(full, project);
}

/** PUT .../selection: selects with both guards; selecting the selected one changes nothing. */
export function selectAlignment(
  db: Db,
  projectId: string,
  alignmentId: string,
  body: SelectionRequest,
): Promise<string> {
  return db.tx(async (tx) => {
    const { row, project } = await loadForWrite(tx, projectId, alignmentId);
    if (body.expectedRevision !== row.revision) throw conflict(row, project, 'timing revision');
    if (body.expectedSelectionRevision !== project.selection_revision) {
      throw conflict(row, project, 'selection revision');
    }
    await selectAlignmentRow(tx, projectId, alignmentId);
    const fresh = await tx.one<AlignmentRow>('SELECT * FROM alignments WHERE id = ?', alignmentId);
    const state = await selectionState(tx, projectId);
    if (!fresh || !state) throw new NotFoundError('Alignment');
    return alignmentJson(fresh, state);
  });
}
