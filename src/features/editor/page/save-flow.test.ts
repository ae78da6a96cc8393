import { describe, expect, it, vi } from 'vitest';
import { NetworkError, RevisionConflictError } from '../../../api';
import type { Alignment, AlignmentItem, Project } from '../../../contract';
import { word } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import {
  loadNewer,
  MAX_AUTO_MERGES,
  newSaveMemory,
  resolveConflicts,
  saveAlignment,
  type SavePorts,
  type SaveStatus,
} from './save-flow';

const base = (): AlignmentItem[] => [
  word(0, 0, 0, 1, 'a', { id: 'a' }),
  word(0, 1, 2, 3, 'b', { id: 'b' }),
];
const alignment = (revision: string, items: AlignmentItem[], selected = false): Alignment => ({
  id: 'al',
  model: 'test',
  alignment: { items },
  createdAt: '2026-01-01T00:00:00Z',
  revision,
  selected,
  selectionRevision: 's1',
});
const project = (a: Alignment) => ({ alignments: [a] }) as unknown as Project;
/** `fresh` answering with the service's newer version: revision r2 with `items`. */
const newer = (items: AlignmentItem[]) => () =>
  Promise.resolve({ project: project(alignment('r2', items)), alignment: alignment('r2', items) });
const conflict = () =>
  new RevisionConflictError({ type: 'about:blank', title: 'Conflict', status: 409 }, 'r2', 's1');

function setup(items = base()) {
  const store = createEditorStore({
    items,
    revision: 'r1',
    selectionRevision: 's1',
    duration: 10,
    validationDelayMs: 0,
  });
  const said: SaveStatus[] = [];
  const put = vi.fn<SavePorts['put']>();
  const ports: SavePorts & { put: typeof put } = {
    store,
    put,
    fresh: () => Promise.reject(new Error('not asked')),
    cachedSelectionRevision: () => 's-cached',
    setStatus: (s) => said.push(s),
  };
  return { store, ports, said, memory: newSaveMemory() };
}
const move = (store: ReturnType<typeof setup>['store'], key: string) =>
  expect(store.getState().actions.apply({ type: 'move', keys: [key], delta: 0.5 })).not.toBe(false);
const last = (said: SaveStatus[]) => said[said.length - 1];

describe('saveAlignment', () => {
  it('PUTs the document on its base revision and makes the stored one the base', async () => {
    const { store, ports, said, memory } = setup();
    move(store, 'a');
    ports.put.mockImplementation(({ body }) =>
      Promise.resolve(alignment('r2', body.alignment.items)),
    );
    await saveAlignment(ports, memory, true);
    const [request] = ports.put.mock.calls[0]!;
    expect(request.body.expectedRevision).toBe('r1');
    expect(request.body.expectedSelectionRevision).toBe('s-cached');
    expect(said).toEqual([{ phase: 'saving' }, { phase: 'saved', merged: null }]);
    expect(store.getState().base.revision).toBe('r2');
    expect(store.getState().dirty).toBe(false);
  });

  it('keeps the Idempotency-Key for the retry of a save that failed on the network', async () => {
    const { store, ports, said, memory } = setup();
    move(store, 'a');
    ports.put.mockRejectedValueOnce(new NetworkError('http://x'));
    await saveAlignment(ports, memory, false);
    expect(last(said)).toMatchObject({ phase: 'failed', retryable: true });
    ports.put.mockImplementation(({ body }) =>
      Promise.resolve(alignment('r2', body.alignment.items)),
    );
    await saveAlignment(ports, memory, false);
    const keys = ports.put.mock.calls.map(
      ([r]) => (r as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).toBe(keys[1]);
    expect(store.getState().dirty).toBe(false);
  });

  it('merges a newer revision that touched other words, and saves on it', async () => {
    const { store, ports, said, memory } = setup();
    move(store, 'a');
    const theirs = base().map((x) => (x.id === 'b' ? { ...x, start: 2.25 } : x));
    ports.put.mockRejectedValueOnce(conflict());
    ports.fresh = newer(theirs);
    ports.put.mockImplementation(({ body }) =>
      Promise.resolve(alignment('r3', body.alignment.items)),
    );
    await saveAlignment(ports, memory, false);
    expect(ports.put.mock.calls[1]![0].body.expectedRevision).toBe('r2');
    expect(last(said)).toEqual({ phase: 'saved', merged: 1 });
  });

  it('blocks on problems the service would reject, sending nothing', async () => {
    // An item that ends before it starts: the service answers 400.
    const { store, ports, said, memory } = setup([word(0, 0, 2, 1, 'a', { id: 'a' })]);
    expect(store.getState().actions.validateNow().blocking).toBeGreaterThan(0);
    await saveAlignment(ports, memory, false);
    expect(ports.put).not.toHaveBeenCalled();
    expect(last(said)?.phase).toBe('blocked');
  });

  it('gives up after repeated conflicts, keeping the edits', async () => {
    const { store, ports, said, memory } = setup();
    move(store, 'a');
    let revision = 1;
    ports.put.mockImplementation(() => Promise.reject(conflict()));
    ports.fresh = () => {
      const a = alignment(`r${++revision}`, base());
      return Promise.resolve({ project: project(a), alignment: a });
    };
    await saveAlignment(ports, memory, false);
    expect(ports.put).toHaveBeenCalledTimes(MAX_AUTO_MERGES + 1);
    expect(last(said)).toMatchObject({
      phase: 'failed',
      title: 'Others keep saving this alignment',
    });
    expect(store.getState().dirty).toBe(true);
  });
});

describe('loadNewer and resolveConflicts', () => {
  it('loads a newer version with the unsaved edits merged in', async () => {
    const { store, ports, said, memory } = setup();
    move(store, 'a');
    const theirs = base().map((x) => (x.id === 'b' ? { ...x, end: 3.5 } : x));
    ports.fresh = newer(theirs);
    await loadNewer(ports, memory);
    expect(said).toEqual([{ phase: 'loading' }, { phase: 'loaded', changed: 1, kept: true }]);
    expect(store.getState().base.revision).toBe('r2');
  });

  it('after a load, resolving conflicts keeps the result unsaved', async () => {
    const { store, ports, said, memory } = setup();
    move(store, 'a');
    const theirs = base().map((x) => (x.id === 'a' ? { ...x, start: 0.25 } : x));
    ports.fresh = newer(theirs);
    await loadNewer(ports, memory);
    const status = last(said)!;
    expect(status).toMatchObject({ phase: 'conflicts', origin: 'load' });
    const choices = Object.fromEntries(
      store.getState().pendingMerge!.conflicts.map((c) => [c.key, 'mine' as const]),
    );
    expect(resolveConflicts(ports, memory, status, choices)).toBe(false);
    expect(last(said)).toEqual({ phase: 'loaded', changed: 1, kept: true });
    expect(store.getState().pendingMerge).toBeNull();
  });
});
