import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { garbage, grammar, NORMAL_BEAMS, parseCmn, parseTimes, runSphinx } from './sphinx';

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

describe('parseCmn', () => {
  it('reads the last cepstral mean of the log', () => {
    const log =
      'INFO: cmn_live.c(88): Update from < 41.00 -5.29 -0.12  5.09  2.48 -4.07 -1.37 -1.78 -5.08 -2.05 -6.45 -1.42  1.17 >\n' +
      'INFO: cmn_live.c(105): Update to   < 67.43 -3.54 -0.58 12.57 -3.04 -11.29  4.03 -16.81  7.07  1.10  3.23  5.57  1.73 >\n' +
      'INFO: cmn_live.c(138): Update to   < 46.72 10.32  1.78 12.98  3.69 -6.46  7.33 -7.69 14.98  1.25  0.08  2.72  0.20 >\n';
    expect(parseCmn(log)?.[0]).toBe(46.72);
    expect(parseCmn(log)).toHaveLength(13);
    expect(parseCmn('INFO: nothing here')).toBeUndefined();
  });
});

describe('grammar', () => {
  it('is the words in order, with the garbage loop only before each line and at the end', () => {
    const fsg = grammar(3, false, [true, false, true]).split('\n');
    expect(fsg).toContain('TRANSITION 0 1 1.0 w0');
    expect(fsg).toContain('TRANSITION 2 3 1.0 w2');
    const loops = (state: number) =>
      fsg.filter((l) => l.startsWith(`TRANSITION ${state} ${state} `)).length;
    expect([0, 1, 2, 3].map(loops)).toEqual([
      garbage.phones.length,
      0,
      garbage.phones.length,
      garbage.phones.length,
    ]);
    expect(grammar(3, false).includes('g_')).toBe(false);
  });
});

describe('grammar open at lines', () => {
  it('lets the search end after any whole line, never inside one', () => {
    const fsg = grammar(4, false, [true, false, true, false], garbage, true).split('\n');
    expect(fsg).toContain('TRANSITION 2 4 1.0');
    expect(fsg).not.toContain('TRANSITION 1 4 1.0');
    expect(fsg).not.toContain('TRANSITION 3 4 1.0');
  });
});

describe.runIf(process.platform === 'linux')('runSphinx CPU bound', () => {
  it('stops a search that uses more CPU than it may, with no words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sphinx-cpu-'));
    try {
      // A stand-in recogniser that only burns CPU.
      const binary = join(dir, 'busy');
      writeFileSync(binary, '#!/bin/sh\nwhile :; do :; done\n');
      chmodSync(binary, 0o755);
      const result = await runSphinx(
        { binary, hmm: dir, dictionary: join(dir, 'none.dict') },
        {
          samples: new Int16Array(1600),
          rate: 16000,
          words: [[['AH']]],
          openEnd: false,
          beams: NORMAL_BEAMS,
          maxCpuSeconds: 0.3,
        },
      );
      expect(result.stopped).toBe(true);
      expect(result.words).toEqual([]);
      expect(result.cpuSeconds).toBeGreaterThan(0.3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
