import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../store';
import { word } from '../../../timing/test-items';
import { newerOnServer, trackPastRevisions } from './freshness';

const input = (over: Partial<Parameters<typeof newerOnServer>[0]> = {}) => ({
  serverRevision: 'r2',
  baseRevision: 'r1',
  isPast: () => false,
  busy: false,
  merging: false,
  ...over,
});

describe('newerOnServer', () => {
  it('is true when the service holds another revision than the draft is based on', () => {
    expect(newerOnServer(input())).toBe(true);
    expect(newerOnServer(input({ serverRevision: 'r1' }))).toBe(false);
    expect(newerOnServer(input({ serverRevision: undefined }))).toBe(false);
  });

  it('stays quiet while a save or load moves the base, or while a merge waits for choices', () => {
    expect(newerOnServer(input({ busy: true }))).toBe(false);
    expect(newerOnServer(input({ merging: true }))).toBe(false);
  });

  it('an answer at a revision the draft has moved past is older, not newer', () => {
    expect(newerOnServer(input({ serverRevision: 'r0', isPast: (r) => r === 'r0' }))).toBe(false);
  });
});

describe('trackPastRevisions', () => {
  it('remembers the revisions the base left, and forgets one it comes back to', () => {
    const store = createEditorStore({
      items: [word(0, 0, 0, 1, 'a')],
      revision: 'r1',
      selectionRevision: 's1',
    });
    const past = new Set<string>();
    const stop = trackPastRevisions(store, past);
    const { actions } = store.getState();
    actions.setStart('0/0/0', 0.5);
    actions.markSaved({ items: actions.getSaveItems(), revision: 'r2', selectionRevision: 's1' });
    expect(past.has('r1')).toBe(true);
    expect(past.has('r2')).toBe(false);
    stop();
    actions.markSaved({ items: actions.getSaveItems(), revision: 'r3', selectionRevision: 's1' });
    expect(past.has('r2')).toBe(false); // no longer listening
  });
});
