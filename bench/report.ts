/**
 * One JSON line per figure: {"name", "n", "p50", "p95", "budget", "unit", "ok"}, plus
 * "budgetOp": ">=" where more is better. The runner (scripts/bench.mjs, scripts/bench-lines.mjs)
 * judges every line again and fails a line without a budget.
 */
export interface Figure {
  name: string;
  n: number;
  p50: number;
  p95: number;
  budget: number | null;
  budgetOp?: '>=';
  unit: string;
  ok: boolean;
}

/** A number: p95 must be at most it. `{ atLeast }`: p50 must be at least it (ratios). */
export type Budget = number | { atLeast: number };

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Prints the figure for `samples`. `budget` applies to p95 ("<=") or, as `{ atLeast }`, to p50.
 * `null` prints the line unbudgeted, which the runner reports as a failure.
 */
export function report(
  name: string,
  samples: readonly number[],
  budget: Budget | null,
  unit = 'ms',
): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  return print(name, samples.length, percentile(sorted, 50), percentile(sorted, 95), budget, unit);
}

/**
 * Prints one figure that is not a distribution of samples (a mean, a share, a total) over `n`
 * measurements (words, songs): p50 and p95 are the value, judged against `budget` as `report`
 * judges.
 */
export function reportValue(
  name: string,
  value: number,
  budget: Budget,
  unit: string,
  n = 1,
): Figure {
  return print(name, n, value, value, budget, unit);
}

function print(
  name: string,
  n: number,
  p50Raw: number,
  p95Raw: number,
  budget: Budget | null,
  unit: string,
): Figure {
  const [p50, p95] = [round(p50Raw), round(p95Raw)];
  const atLeast = typeof budget === 'object' && budget !== null;
  const limit = atLeast ? budget.atLeast : budget;
  const figure: Figure = {
    name,
    n,
    p50,
    p95,
    budget: limit,
    ...(atLeast ? { budgetOp: '>=' as const } : {}),
    unit,
    ok: limit !== null && (atLeast ? p50 >= limit : p95 <= limit),
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

/** Resolves in a later task of the event loop (a `setImmediate` turn). */
export const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * As `timeRuns`, each run in its own task (a `setImmediate` turn before it), as edits run in the
 * app: one per event. Needed where the code under test makes `WeakRef`s (the timing core's
 * lineage): a `WeakRef`'s target is kept alive until the task that made it ends, so 200 edits
 * in one synchronous loop keep all 200 versions alive (about 0.7 MB each for a scattered
 * 1,000-word move) and the young-generation collections that copy them land in the samples.
 */
export async function timeRunsInTasks(fn: () => void, runs: number, warmup = 3): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    await nextTask();
    const t0 = performance.now();
    fn();
    if (i >= warmup) samples.push(performance.now() - t0);
  }
  return samples;
}
