import { describe, expect, it } from 'vitest';
import { createDoc, DEFAULT_NUDGE_STEPS, type OverlapPolicy } from '../../../timing';
import { word } from '../../../timing/test-items';
import type { DragPreview } from '../timeline';
import { policyPreview } from './policy-preview';

// a [0,1] b [1.5,2.5] c [3,4], one line, ids a/b/c.
const doc = createDoc(
  [
    word(0, 0, 0, 1, 'a', { id: 'a' }),
    word(0, 1, 1.5, 2.5, 'b', { id: 'b' }),
    word(0, 2, 3, 4, 'c', { id: 'c' }),
  ],
  { duration: 10 },
);
const settings = (overlapPolicy: OverlapPolicy) => ({
  overlapPolicy,
  nudgeSteps: DEFAULT_NUDGE_STEPS,
});
const times = (p: DragPreview | null) =>
  p?.kind === 'replace'
    ? Object.fromEntries([...p.items].map(([k, x]) => [k, [x.start, x.end]]))
    : p;

describe('policyPreview', () => {
  const shift: DragPreview = { kind: 'shift', keys: new Set(['b']), deltaSeconds: 1 };

  it('leaves the tool preview alone when words may overlap', () => {
    expect(policyPreview(doc, shift, settings('allow'))).toBe(shift);
  });

  it('shows a move stopped at the neighbour', () => {
    expect(times(policyPreview(doc, shift, settings('stop')))).toEqual({ b: [2, 3] });
  });

  it('shows the neighbours a move pushes', () => {
    expect(times(policyPreview(doc, shift, settings('push')))).toEqual({
      b: [2.5, 3.5],
      c: [3.5, 4.5],
    });
  });

  it('shows a resized start stopped at, or pushing, the previous word (clamped at 0)', () => {
    const resize: DragPreview = {
      kind: 'replace',
      items: new Map([['b', { key: 'b', start: 0.5, end: 2.5, text: 'b', line: 0 }]]),
    };
    expect(times(policyPreview(doc, resize, settings('stop')))).toEqual({ b: [1, 2.5] });
    expect(times(policyPreview(doc, resize, settings('push')))).toEqual({
      a: [0, 0.5],
      b: [0.5, 2.5],
    });
  });
});
