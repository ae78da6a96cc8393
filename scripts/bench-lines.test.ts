import { describe, expect, it } from 'vitest';
import {
  compareRuns,
  formatComparison,
  judge,
  parseLine,
  parseRun,
  type BenchLine,
} from './bench-lines.mjs';

const line = (over: Partial<BenchLine>): BenchLine => ({
  name: 'x',
  n: 10,
  p50: 5,
  p95: 8,
  budget: 10,
  unit: 'ms',
  ok: true,
  ...over,
});

describe('bench lines', () => {
  it('parses figures and ignores other output', () => {
    expect(parseLine('{"name":"a","p95":1}')).toMatchObject({ name: 'a' });
    expect(parseLine('editor-real: service up')).toBeNull();
    expect(parseLine('{"not":"a figure"}')).toBeNull();
    expect(parseRun('{"name":"a","p95":1}\nnoise\n{"name":"b","p95":2}\n')).toHaveLength(2);
  });

  it('a "<=" budget applies to p95', () => {
    expect(judge(line({})).ok).toBe(true);
    expect(judge(line({ p95: 10 })).ok).toBe(true);
    expect(judge(line({ p95: 10.5 }))).toEqual({ ok: false, why: 'p95 10.5 ms misses <= 10' });
  });

  it('a ">=" budget (ratios) applies to p50 and more is better', () => {
    const ratio = line({ budgetOp: '>=', budget: 1000, unit: 'x', n: 1 });
    expect(judge({ ...ratio, p50: 1033, p95: 1033 }).ok).toBe(true);
    expect(judge({ ...ratio, p50: 891, p95: 891 })).toEqual({
      ok: false,
      why: 'p50 891 x misses >= 1000',
    });
  });

  it('a line without a budget, with no figure, or that the bench marked not ok fails', () => {
    expect(judge(line({ budget: null }))).toEqual({ ok: false, why: 'no budget' });
    expect(judge(line({ p95: NaN })).ok).toBe(false);
    expect(judge(line({ ok: false })).ok).toBe(false);
  });

  it('compare flags a slower "<=" line and a lower ">=" line, and new and dropped lines', () => {
    const before = [
      line({ name: 'fast', p95: 10 }),
      line({ name: 'ratio', budgetOp: '>=', p50: 1000, p95: 1000 }),
      line({ name: 'gone' }),
    ];
    const now = [
      line({ name: 'fast', p95: 12 }),
      line({ name: 'ratio', budgetOp: '>=', p50: 800, p95: 800 }),
      line({ name: 'new' }),
    ];
    const { rows, gone } = compareRuns(before, now);
    expect(rows.map((r) => [r.name, r.flag ?? 'new'])).toEqual([
      ['fast', 'WORSE'],
      ['ratio', 'WORSE'],
      ['new', 'new'],
    ]);
    expect(rows[0]?.change).toBeCloseTo(20);
    expect(gone).toEqual(['gone']);
    const text = formatComparison({ rows, gone });
    expect(text).toMatch(/fast\s+p95\s+10.00\s+12.00\s+\+20.0%\s+WORSE/);
    expect(text).toMatch(/gone\s+\(not in this run\)/);
    const better = compareRuns([line({ name: 'fast', p95: 10 })], [line({ name: 'fast', p95: 5 })]);
    expect(better.rows[0]?.flag).toBe('better');
  });
});
