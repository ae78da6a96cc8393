import type { AlignmentItem } from '../../../contract';
import { keyOf } from '../../../timing';
import type {
  Draft,
  DraftHeader,
  DraftKey,
  DraftPart,
  DraftScope,
  DraftSummary,
} from './draft-types';
import { nextTask, openDatabase, requestDone, transactionDone } from './idb';

const DB_NAME = 'karaoke-drafts';
const HEADERS = 'drafts';
const PARTS = 'parts';
/** Items per part: a part's structured clone is one short task (~1-3 ms), never the whole doc. */
export const PART_SIZE = 500;

export function openDraftDb(name = DB_NAME): Promise<IDBDatabase> {
  return openDatabase(name, 1, (db) => {
    db.createObjectStore(HEADERS, { keyPath: 'id' }).createIndex('scope', 'scope');
    db.createObjectStore(PARTS, { keyPath: 'id' }).createIndex('draftId', 'draftId');
  });
}

const scopeId = (s: DraftScope) =>
  JSON.stringify([s.serviceUrl, s.accountId, s.projectId, s.alignmentId]);
export const draftId = (k: DraftKey) =>
  JSON.stringify([k.serviceUrl, k.accountId, k.projectId, k.alignmentId, k.baseRevision]);
const partId = (id: string, gen: string, i: number) => `${id}|${gen}|${i}`;

export interface DraftWrite {
  readonly key: DraftKey;
  readonly baseSelectionRevision: string;
  readonly editCount: number;
  /** Base items to store, or null when this draft's base is already stored (see `baseGen`). */
  readonly baseItems: readonly AlignmentItem[] | null;
  readonly baseGen?: string;
  readonly baseParts?: number;
  /** Base items the draft removes (stored as keys). */
  readonly removed: readonly AlignmentItem[];
  readonly added: readonly AlignmentItem[];
  readonly estimated: readonly string[];
}

export interface WriteOptions {
  /** Called with the main-thread time (ms) of each slice: the bench's figure. */
  onTask?: (ms: number) => void;
}

let generation = 0;
const newGen = () => `${Date.now().toString(36)}-${(generation++).toString(36)}`;

/** Writes the parts one task each, then the header that makes them current. */
export async function writeDraft(
  db: IDBDatabase,
  draft: DraftWrite,
  options: WriteOptions = {},
): Promise<DraftHeader> {
  const id = draftId(draft.key);
  // Parts are built inside their own task: slicing and key mapping never pile up in one.
  const parts: (() => DraftPart)[] = [];
  let baseGen = draft.baseGen ?? '';
  let baseParts = draft.baseParts ?? 0;
  if (draft.baseItems) {
    const gen = newGen();
    const items = draft.baseItems;
    baseGen = gen;
    baseParts = Math.ceil(items.length / PART_SIZE);
    for (let i = 0; i < baseParts; i++) {
      parts.push(() => ({
        id: partId(id, gen, i),
        draftId: id,
        items: items.slice(i * PART_SIZE, (i + 1) * PART_SIZE),
        removedKeys: [],
      }));
    }
  }
  const diffGen = newGen();
  const diffParts = Math.ceil(Math.max(draft.added.length, draft.removed.length) / PART_SIZE);
  for (let i = 0; i < diffParts; i++) {
    parts.push(() => ({
      id: partId(id, diffGen, i),
      draftId: id,
      items: draft.added.slice(i * PART_SIZE, (i + 1) * PART_SIZE),
      removedKeys: draft.removed.slice(i * PART_SIZE, (i + 1) * PART_SIZE).map(keyOf),
    }));
  }
  for (const part of parts) {
    await nextTask();
    const t0 = performance.now();
    const tx = db.transaction(PARTS, 'readwrite');
    tx.objectStore(PARTS).put(part());
    options.onTask?.(performance.now() - t0);
    await transactionDone(tx);
  }
  const header: DraftHeader = {
    id,
    scope: scopeId(draft.key),
    key: draft.key,
    baseSelectionRevision: draft.baseSelectionRevision,
    savedAt: new Date().toISOString(),
    editCount: draft.editCount,
    baseGen,
    baseParts,
    diffGen,
    diffParts,
    estimated: [...draft.estimated],
  };
  await nextTask();
  const t0 = performance.now();
  const tx = db.transaction([HEADERS, PARTS], 'readwrite');
  tx.objectStore(HEADERS).put(header);
  // The parts of older generations go with the header that named them.
  deleteParts(
    tx,
    id,
    (pid) => pid.startsWith(`${id}|${baseGen}|`) || pid.startsWith(`${id}|${diffGen}|`),
  );
  options.onTask?.(performance.now() - t0);
  await transactionDone(tx);
  return header;
}

async function readParts(
  db: IDBDatabase,
  id: string,
  gen: string,
  count: number,
): Promise<DraftPart[]> {
  const tx = db.transaction(PARTS, 'readonly');
  const store = tx.objectStore(PARTS);
  const parts = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      requestDone(store.get(partId(id, gen, i)) as IDBRequest<DraftPart | undefined>),
    ),
  );
  return parts.map((p) => {
    if (!p) throw new Error('draft is incomplete');
    return p;
  });
}

export async function readHeader(db: IDBDatabase, key: DraftKey): Promise<DraftHeader | undefined> {
  const tx = db.transaction(HEADERS, 'readonly');
  return requestDone(
    tx.objectStore(HEADERS).get(draftId(key)) as IDBRequest<DraftHeader | undefined>,
  );
}

const summary = (h: DraftHeader): DraftSummary => ({
  key: h.key,
  baseSelectionRevision: h.baseSelectionRevision,
  savedAt: h.savedAt,
  editCount: h.editCount,
});

export async function loadDraft(db: IDBDatabase, key: DraftKey): Promise<Draft | null> {
  const header = await readHeader(db, key);
  if (!header) return null;
  const base = await readParts(db, header.id, header.baseGen, header.baseParts);
  const diff = await readParts(db, header.id, header.diffGen, header.diffParts);
  return {
    ...summary(header),
    baseItems: base.flatMap((p) => p.items),
    changes: {
      removedKeys: diff.flatMap((p) => p.removedKeys),
      added: diff.flatMap((p) => p.items),
      estimated: header.estimated,
    },
  };
}

export async function deleteDraft(db: IDBDatabase, key: DraftKey): Promise<void> {
  const id = draftId(key);
  const tx = db.transaction([HEADERS, PARTS], 'readwrite');
  tx.objectStore(HEADERS).delete(id);
  deleteParts(tx, id);
  await transactionDone(tx);
}

/** Deletes, in `tx`, the parts of draft `id` but those `keep` names (by default: all of them). */
function deleteParts(tx: IDBTransaction, id: string, keep = (_partId: string) => false): void {
  const parts = tx.objectStore(PARTS);
  // A key cursor: the parts' items are never read back to be thrown away.
  const cursor = parts.index('draftId').openKeyCursor(IDBKeyRange.only(id));
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (!c) return;
    if (!keep(c.primaryKey as string)) parts.delete(c.primaryKey);
    c.continue();
  };
}

/** Drafts of one alignment, newest first; `exceptRevision` leaves out the current base's draft. */
export async function listDrafts(
  db: IDBDatabase,
  scope: DraftScope,
  options: { exceptRevision?: string } = {},
): Promise<DraftSummary[]> {
  const tx = db.transaction(HEADERS, 'readonly');
  const headers = await requestDone(
    tx
      .objectStore(HEADERS)
      .index('scope')
      .getAll(IDBKeyRange.only(scopeId(scope))) as IDBRequest<DraftHeader[]>,
  );
  return headers
    .filter((h) => h.key.baseRevision !== options.exceptRevision)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))
    .map(summary);
}

/** The draft's full item list (base minus removed plus added). */
export function draftItems(draft: Draft): AlignmentItem[] {
  const removed = new Set(draft.changes.removedKeys);
  return [...draft.baseItems.filter((x) => !removed.has(keyOf(x))), ...draft.changes.added];
}
