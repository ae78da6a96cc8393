/** One JSON line per figure: {"name", "n", "p50", "p95", "budget", "unit", "ok"}. */
export interface Figure {
  name: string;
  n: number;
  p50: number;
  p95: number;
  budget: number | null;
  unit: string;
  ok: boolean;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Prints the figure for `samples`; `budget` applies to p95 (null: reported, not budgeted). */
export function report(
  name: string,
  samples: readonly number[],
  budget: number | null,
  unit = 'ms',
): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const figure: Figure = {
    name,
    n: samples.length,
    p50: round(percentile(sorted, 50)),
    p95: round(p95),
    budget,
    unit,
    ok: budget === null || p95 <= budget,
  };
  console.log(JSON.stringify(figure));
  return figure;
}

/** Times `fn` `runs` times after `warmup` untimed runs; returns milliseconds per run. */
export function timeRuns(fn: () => void, runs: number, warmup = 3): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}
