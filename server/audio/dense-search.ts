import type { LineSearch } from './dense-lines';
import { NORMAL_BEAMS, runSphinx, WIDE_BEAMS, type SphinxTools } from './sphinx';
import type { CpuBudget, Source } from './sphinx-windows';

/** How a closed search (no garbage loop, the words in order over the window) is run. */
interface ClosedSearch {
  /** Beam settings tried in turn until one finds every word. */
  readonly beams: readonly (typeof NORMAL_BEAMS)[];
  readonly wordBonus: boolean;
}

/**
 * The recogniser on some lyric words alone over a window: the words in order, closed at both ends,
 * no garbage loop (every frame is those words or silence), within the sync's real CPU budget; the
 * words' times, or undefined when no beam setting found them all (or the CPU is spent).
 */
export function closedSearch(
  tools: SphinxTools,
  /** The vocals at the recogniser's rate (the searches' own). */
  source: Source,
  phones: readonly string[][],
  cpu: CpuBudget,
  how: ClosedSearch,
): LineSearch {
  return async (first, count, from, to) => {
    const samples = source.samples.subarray(
      Math.floor(from * source.rate),
      Math.ceil(to * source.rate),
    );
    for (const beams of how.beams) {
      if (cpu.left <= 0) return undefined;
      const run = await runSphinx(tools, {
        samples,
        rate: source.rate,
        words: phones.slice(first, first + count).map((p) => [p]),
        openEnd: false,
        beams,
        wordBonus: how.wordBonus,
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

/** One line alone (dense-lines.ts): the normal beams and then the wide ones. */
export const lineSearch = (
  tools: SphinxTools,
  source: Source,
  phones: readonly string[][],
  cpu: CpuBudget,
): LineSearch =>
  closedSearch(tools, source, phones, cpu, {
    beams: [NORMAL_BEAMS, WIDE_BEAMS],
    wordBonus: false,
  });

/**
 * One passage alone (search-gaps.ts): the widest beams and the word bonus (the search that finds a
 * voice the model matches badly).
 */
export const passageSearch = (
  tools: SphinxTools,
  source: Source,
  phones: readonly string[][],
  cpu: CpuBudget,
): LineSearch => closedSearch(tools, source, phones, cpu, { beams: [WIDE_BEAMS], wordBonus: true });
