import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BlockLod,
  blocksOfArray,
  cellSeconds,
  laneRuleOf,
  LOD_LEVELS,
  lodLevel,
  prepareLod,
  PREPARED_LEVEL,
  RUN_FIELDS,
} from './lod';
import { regularItems } from './test-scene';
import type { TimelineWord } from './types';

const lines = laneRuleOf({ laneMode: 'line', laneCount: 2 });

/** The runs as rows: [first, last, lane, singer, words]. */
function rows(lod: BlockLod, level: number) {
  const { data, length } = lod.runs(level, lines);
  return Array.from({ length }, (_, r) => data.slice(r * RUN_FIELDS, (r + 1) * RUN_FIELDS));
}

describe('lodLevel', () => {
  it('picks the coarsest level whose cells are at most a quarter of a column', () => {
    for (const column of [0.004, 0.01, 0.3, 1, 2.77, 100]) {
      const level = lodLevel(column);
      expect(cellSeconds(level)).toBeLessThanOrEqual(column / 4);
      if (level < LOD_LEVELS - 1) expect(cellSeconds(level + 1)).toBeGreaterThan(column / 4);
    }
    expect(lodLevel(0.001)).toBe(-1);
    expect(lodLevel(Infinity)).toBe(-1);
  });
});

describe('BlockLod', () => {
  it('makes one run per lane of touching cells, and breaks it at gaps and singer changes', () => {
    const words: TimelineWord[] = [
      { start: 0, end: 0.01, text: 'a', line: 0 },
      { start: 0.5, end: 0.51, text: 'b', line: 0 },
      { start: 0.6, end: 0.61, text: 'c', line: 1 },
      { start: 1.2, end: 1.21, text: 'd', line: 0 },
      { start: 5, end: 5.01, text: 'e', line: 0 }, // a gap: a new run
      { start: 5.5, end: 5.51, text: 'f', line: 0, singer: 1 }, // another singer: a new run
    ];
    const lod = new BlockLod(words);
    expect(lod.longest).toBeCloseTo(0.01);
    expect([lod.firstStart, lod.lastStart]).toEqual([0, 5.5]);
    // level 10: 1 s cells
    expect(rows(lod, 10)).toEqual([
      [0, 1.2, 0, -1, 3],
      [0.6, 0.6, 1, -1, 1],
      [5, 5, 0, -1, 1],
      [5.5, 5.5, 0, 1, 1],
    ]);
  });

  it('merged from a finer level, gives the runs made from the words', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.double({ min: 0, max: 2, noNaN: true }),
            line: fc.nat(5),
            singer: fc.option(fc.nat(2), { nil: undefined }),
          }),
          { maxLength: 130 },
        ),
        fc.nat(LOD_LEVELS - 2),
        fc.nat(6),
        (specs, finer, up) => {
          let t = 0;
          const words = specs.map((s, i) => {
            t += s.gap;
            return { start: t, end: t + 0.01, text: `w${i}`, line: s.line, singer: s.singer };
          });
          const coarser = Math.min(LOD_LEVELS - 1, finer + 1 + up);
          const merged = new BlockLod(words);
          merged.runs(finer, lines);
          expect(rows(merged, coarser)).toEqual(rows(new BlockLod(words), coarser));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('prepareLod', () => {
  it('makes every block’s prepared level in slices, and says when it is done', () => {
    const list = regularItems(1000, 0.036, 0.03);
    const blocks = blocksOfArray(list);
    let budget = 3;
    expect(prepareLod(blocks, lines, () => budget-- > 0)).toBe(false);
    expect(prepareLod(blocks, lines, () => true)).toBe(true);
    // every level at or above the prepared one comes from it, the words are not read again
    const lod = blocks.lod(0);
    expect(rows(lod, PREPARED_LEVEL).length).toBeGreaterThan(0);
  });
});
