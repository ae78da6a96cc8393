import { describe, expect, it } from 'vitest';
import { parseTimes } from './sphinx';

describe('parseTimes', () => {
  it('reads word lines, skips fillers and the hypothesis line', () => {
    const out =
      'w0 w1 w2\n<sil> 0.000 0.810 1.000000\nw0 0.820 1.030 1.0\nw1(2) 1.040 1.140 1.0\n[NOISE] 1.2 1.3 1\nw2 1.150 1.520 1.0\n';
    expect(parseTimes(out)).toEqual([
      { index: 0, start: 0.82, end: 1.03 },
      { index: 1, start: 1.04, end: 1.14 },
      { index: 2, start: 1.15, end: 1.52 },
    ]);
  });
});
