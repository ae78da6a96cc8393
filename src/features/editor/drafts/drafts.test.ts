import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getItem, toArray } from '../../../timing';
import { song } from '../../../timing/test-items';
import { createEditorStore } from '../store/editor-store';
import { attachDraftAutosave } from './draft-autosave';
import {
  deleteDraft,
  draftItems,
  listDrafts,
  loadDraft,
  openDraftDb,
  PART_SIZE,
  writeDraft,
} from './draft-db';
import { requestDone } from './idb';
import { openWithDraft } from './open-with-draft';

const scope = { serviceUrl: 'http://local', accountId: 'acc', projectId: 'p1', alignmentId: 'a1' };
let dbCount = 0;
const dbs: IDBDatabase[] = [];
const freshDb = async () => {
  const db = await openDraftDb(`drafts-test-${dbCount++}`);
  dbs.push(db);
  return db;
};
afterEach(() => dbs.splice(0).forEach((db) => db.close()));

const server = (items = song(20), revision = 'r1') => ({
  items,
  revision,
  selectionRevision: 's1',
});

describe('drafts in IndexedDB', () => {
  it('writes only after a change, restores the edits on reopening, with count and time', async () => {
    const db = await freshDb();
    const store = createEditorStore({ ...server(), validationDelayMs: 0 });
    const autosave = attachDraftAutosave(store, db, scope, { delayMs: 10_000 });
    await autosave.flush();
    expect(await listDrafts(db, scope)).toEqual([]); // nothing unsaved: nothing stored
    store.getState().actions.setText('0/1/0', 'edited');
    store.getState().actions.setStart('0/2/0', 0.95);
    await autosave.flush();
    autosave.dispose();

    const draft = await loadDraft(db, { ...scope, baseRevision: 'r1' });
    expect(draft?.editCount).toBe(2);
    expect(Date.parse(draft?.savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect([...(draft?.changes.removedKeys ?? [])].sort()).toEqual(['0/1/0', '0/2/0']);
    expect(draft && draftItems(draft).length).toBe(20);

    const reopened = await openWithDraft(db, scope, server());
    expect(reopened.restored?.editCount).toBe(2);
    const doc = reopened.store.getState().doc;
    expect(toArray(doc)).toEqual(toArray(store.getState().doc));
    expect(reopened.store.getState().dirty).toBe(true);
  });

  it('debounces: one write a while after the last change', async () => {
    const db = await freshDb();
    const store = createEditorStore({ ...server(), validationDelayMs: 0 });
    let writes = 0;
    const autosave = attachDraftAutosave(store, db, scope, {
      delayMs: 30,
      onSyncPart: () => writes++,
    });
    for (let i = 0; i < 5; i++) store.getState().actions.setText('0/0/0', `t${i}`);
    expect(writes).toBe(0);
    await new Promise((r) => setTimeout(r, 80));
    await autosave.flush(); // waits for the queued write, then writes once more
    expect(writes).toBe(2);
    expect((await loadDraft(db, { ...scope, baseRevision: 'r1' }))?.changes.added[0]?.text).toBe(
      't4',
    );
    autosave.dispose();
  });

  it('splits large drafts into parts and reads them back whole', async () => {
    const db = await freshDb();
    const items = song(PART_SIZE * 2 + 10);
    const store = createEditorStore({ ...server(items), validationDelayMs: 0 });
    const tasks: number[] = [];
    const autosave = attachDraftAutosave(store, db, scope, { onTask: (ms) => tasks.push(ms) });
    store.getState().actions.selectAll();
    store.getState().actions.moveSelection(0.01);
    await autosave.flush();
    expect(tasks.length).toBe(3 + 3 + 1); // base parts, diff parts, header
    const draft = await loadDraft(db, { ...scope, baseRevision: 'r1' });
    expect(draft?.baseItems).toEqual(items);
    expect(draft?.changes.added).toHaveLength(items.length);
    // A second save reuses the stored base: only the diff and the header are written.
    store.getState().actions.moveSelection(0.01);
    tasks.length = 0;
    await autosave.flush();
    expect(tasks.length).toBe(3 + 1);
    expect(draft && draftItems((await loadDraft(db, draft.key))!).map((x) => x.start)).toEqual(
      toArray(store.getState().doc).map((x) => x.start),
    );
    autosave.dispose();
  });

  it('drops the draft after a save, keeps editing; discards on request', async () => {
    const db = await freshDb();
    const store = createEditorStore({ ...server(), validationDelayMs: 0 });
    const autosave = attachDraftAutosave(store, db, scope, { delayMs: 10_000 });
    const { actions } = store.getState();
    actions.setText('0/0/0', 'x');
    await autosave.flush();
    expect(await listDrafts(db, scope)).toHaveLength(1);
    actions.markSaved({ items: actions.getSaveItems(), revision: 'r2', selectionRevision: 's1' });
    await autosave.flush();
    expect(await listDrafts(db, scope)).toEqual([]);
    actions.setText('0/0/0', 'y'); // editable without reload, drafts under the new revision
    await autosave.flush();
    expect((await listDrafts(db, scope)).map((d) => d.key.baseRevision)).toEqual(['r2']);
    const r2 = await loadDraft(db, { ...scope, baseRevision: 'r2' });
    expect(r2?.changes.added.map((x) => x.text)).toEqual(['y']); // diffed against the saved doc
    await autosave.discard();
    expect(await listDrafts(db, scope)).toEqual([]);
    autosave.dispose();
  });

  it('lists drafts on an older revision and merges them onto the server alignment', async () => {
    const db = await freshDb();
    const store = createEditorStore({ ...server(), validationDelayMs: 0 });
    const autosave = attachDraftAutosave(store, db, scope, { delayMs: 10_000 });
    store.getState().actions.setStart('0/2/0', 0.95);
    await autosave.flush();
    autosave.dispose();
    // Meanwhile someone else saved r2 with another word's text fixed.
    const theirs = song(20).map((x) => (x.text === 'w5' ? { ...x, text: 'W5' } : x));
    expect(
      (await listDrafts(db, scope, { exceptRevision: 'r2' })).map((d) => d.key.baseRevision),
    ).toEqual(['r1']);
    const opened = await openWithDraft(db, scope, server(theirs, 'r2'));
    expect(opened.conflicts).toEqual([]);
    const s = opened.store.getState();
    expect(s.base.revision).toBe('r2');
    expect(getItem(s.doc, '0/5/0')?.text).toBe('W5');
    expect(getItem(s.doc, '0/2/0')?.start).toBe(0.95);
    expect(await listDrafts(db, scope)).toEqual([]); // merged: the old draft is gone
  });

  it('a draft left behind by a save (reloaded before it was dropped) merges to the saved words, once each', async () => {
    const db = await freshDb();
    const store = createEditorStore({ ...server(song(20, true)), validationDelayMs: 0 });
    const autosave = attachDraftAutosave(store, db, scope, { delayMs: 10_000 });
    // An imported file: words without ids, which the service stores with ids it gives them.
    const imported = song(6).map((x) => ({ ...x, text: `new ${x.text}` }));
    store.getState().actions.replaceAll(imported);
    await autosave.flush();
    autosave.dispose();
    const stored = imported.map((x, i) => ({ ...x, id: `itm_r2_${i}` }));
    const opened = await openWithDraft(db, scope, server(stored, 'r2'));
    const s = opened.store.getState();
    expect(opened.conflicts).toEqual([]);
    expect(toArray(s.doc)).toEqual(stored);
    expect(s.dirty).toBe(false);
    // An edit of the draft that the save did not have is kept, on the word's stored id.
    store.getState().actions.setText('0/1/0', 'typed');
    const again = await freshDb();
    const second = attachDraftAutosave(store, again, scope, { delayMs: 10_000 });
    await second.flush();
    second.dispose();
    const merged = (await openWithDraft(again, scope, server(stored, 'r2'))).store.getState();
    expect(toArray(merged.doc).map((x) => `${x.id}:${x.text}`)).toEqual(
      stored.map((x) => `${x.id}:${x.id === 'itm_r2_1' ? 'typed' : x.text}`),
    );
    expect(merged.dirty).toBe(true);
  });

  it('a rewrite leaves only the parts its header names; a delete leaves none', async () => {
    const db = await freshDb();
    const key = { ...scope, baseRevision: 'r1' };
    const items = song(PART_SIZE + 10);
    const storedParts = () => requestDone(db.transaction('parts').objectStore('parts').count());
    const write = (added: typeof items, baseItems: typeof items | null, baseGen?: string) =>
      writeDraft(db, {
        key,
        baseSelectionRevision: 's1',
        editCount: 1,
        baseItems,
        baseGen,
        baseParts: baseItems ? undefined : 2,
        removed: added,
        added,
        estimated: [],
      });
    const first = await write(items.slice(0, 3), items);
    expect(await storedParts()).toBe(2 + 1);
    // The base is kept (same generation); the old diff part goes, the new diff's two stay.
    const second = await write(items.slice(0, PART_SIZE + 1), null, first.baseGen);
    expect(second.baseGen).toBe(first.baseGen);
    expect(await storedParts()).toBe(2 + 2);
    expect((await loadDraft(db, key))?.changes.added).toHaveLength(PART_SIZE + 1);
    await deleteDraft(db, key);
    expect(await storedParts()).toBe(0);
  });

  it('keeps drafts of other alignments apart', async () => {
    const db = await freshDb();
    const a = createEditorStore({ ...server(), validationDelayMs: 0 });
    const other = { ...scope, alignmentId: 'a2' };
    const saveA = attachDraftAutosave(a, db, other);
    a.getState().actions.setText('0/0/0', 'x');
    await saveA.flush();
    expect(await listDrafts(db, scope)).toEqual([]);
    expect(await listDrafts(db, other)).toHaveLength(1);
    await deleteDraft(db, { ...other, baseRevision: 'r1' });
    expect(await listDrafts(db, other)).toEqual([]);
    saveA.dispose();
  });
});
