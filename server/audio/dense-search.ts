import type { LineSearch } from './dense-lines';
import { NORMAL_BEAMS, runSphinx, WIDE_BEAMS, type SphinxTools } from './sphinx';
import type { CpuBudget, Source } from './sphinx-windows';

/**
 * The recogniser on one line alone (dense-lines.ts): its words in order over the window, with no
 * garbage loop (every frame is the line's words or silence), the normal beams and then the wide
 * ones, within the sync's real CPU budget.
 */
export function lineSearch(
  tools: SphinxTools,
  /** The vocals at the recogniser's rate (the searches' own). */
  source: Source,
  phones: readonly string[][],
  cpu: CpuBudget,
): LineSearch {
  return async (first, count, from, to) => {
    const samples = source.samples.subarray(
      Math.floor(from * source.rate),
      Math.ceil(to * source.rate),
    );
    for (const beams of [NORMAL_BEAMS, WIDE_BEAMS]) {
      if (cpu.left <= 0) return undefined;
      const run = await runSphinx(tools, {
        samples,
        rate: source.rate,
        words: phones.slice(first, first + count).map((p) => [p]),
        openEnd: false,
        beams,
        wordBonus: false,
        maxCpuSeconds: cpu.left,
      });
      cpu.left -= run.cpuSeconds ?? 0;
      if (run.words.length !== count) continue;
      const byIndex = [...run.words].sort((a, b) => a.index - b.index);
      return byIndex.map((w) => ({ start: from + w.start, end: from + w.end }));
    }
    return undefined;
  };
}
