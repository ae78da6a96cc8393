import { describe, expect, it } from 'vitest';
import { collectSnapTargets, snapEdges } from './snapping';
import { regularItems, sceneFromArray } from './test-scene';

// Words every second (0.8 s long); 0..10 s in view at 100 px/s.
const scene = sceneFromArray(regularItems(40));

describe('collectSnapTargets', () => {
  it('adds the onsets within a screen either side of the view, sorted with the word edges', () => {
    const onsets = [-20, 4.45, 12.5, 19.5, 25];
    const targets = collectSnapTargets(scene, new Set(['w4']), null, onsets);
    expect(targets).toContain(4.45);
    expect(targets).toContain(12.5);
    expect(targets).toContain(19.5);
    expect(targets).not.toContain(-20); // more than a screen before the view
    expect(targets).not.toContain(25); // more than a screen after it
    expect(targets).not.toContain(4); // the dragged word's own edges are no targets
    expect([...targets].sort((a, b) => a - b)).toEqual(targets);
  });
});

describe('snapEdges', () => {
  const targets = collectSnapTargets(scene, new Set(['w4']), null, [4.45, 5.93]);

  it('snaps a dragged edge to a nearby onset when it is the nearest target', () => {
    // w4 moved by +0.43 s: start 4.43 (2 px from the onset 4.45), end 5.23.
    expect(snapEdges([4.43, 5.23], targets, 12, 100)).toEqual({
      delta: expect.closeTo(0.02, 9) as number,
      target: 4.45,
    });
    // End 5.9 is 3 px from the onset 5.93 and 10 px from the next word (6.0).
    expect(snapEdges([5.1, 5.9], targets, 12, 100)?.target).toBe(5.93);
  });

  it('does not snap beyond the threshold in screen pixels', () => {
    expect(snapEdges([4.3, 5.1], targets, 12, 100)?.target).not.toBe(4.45); // 15 px away
    expect(snapEdges([4.3, 5.1], targets, 12, 1000)).toBeNull(); // zoomed in: 150 px away
  });
});
