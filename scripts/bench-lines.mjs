// The bench line format and what the runner does with it (`scripts/bench.mjs`), kept apart so it is
// testable: parse a line, judge it against its budget, compare a run with a saved one.
//
// A line: {"name","n","p50","p95","budget","unit","ok"}, plus "budgetOp": ">=" for figures where
// more is better (ratios against the Regions editor). "<=" (the default) applies to p95, the slow
// tail; ">=" applies to p50 (a ratio is one sample, p50 = p95). A line without a budget fails.

/** The line as an object when it is a bench figure, else null (any other output). */
export function parseLine(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const value = JSON.parse(trimmed);
    return value && typeof value.name === 'string' && 'p95' in value ? value : null;
  } catch {
    return null;
  }
}

/** Whether the line is within its budget, and why not. The bench's own `ok` must agree. */
export function judge(line) {
  const op = line.budgetOp ?? '<=';
  if (typeof line.budget !== 'number' || !Number.isFinite(line.budget))
    return { ok: false, why: 'no budget' };
  if (op !== '<=' && op !== '>=') return { ok: false, why: `unknown budgetOp ${op}` };
  const value = op === '>=' ? line.p50 : line.p95;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { ok: false, why: `no figure (${String(value)})` };
  const within = op === '>=' ? value >= line.budget : value <= line.budget;
  if (!within) {
    const stat = op === '>=' ? 'p50' : 'p95';
    return { ok: false, why: `${stat} ${value} ${line.unit} misses ${op} ${line.budget}` };
  }
  if (line.ok === false) return { ok: false, why: 'the bench reported ok: false' };
  return { ok: true, why: '' };
}

/** A saved run (`--save`): JSON lines, one figure each; other lines are ignored. */
export function parseRun(text) {
  return text
    .split('\n')
    .map(parseLine)
    .filter((line) => line !== null);
}

const pct = (before, now) => (before === 0 ? (now === 0 ? 0 : Infinity) : (now / before - 1) * 100);

/**
 * Each line of `now` against the same name in `before`. `worse` is the change in the bad direction
 * (slower for "<=", lower for ">="), in percent; a change beyond `threshold` percent is flagged.
 */
export function compareRuns(before, now, threshold = 10) {
  const old = new Map(before.map((line) => [line.name, line]));
  const rows = now.map((line) => {
    const prev = old.get(line.name);
    const higher = (line.budgetOp ?? '<=') === '>=';
    const stat = higher ? 'p50' : 'p95';
    if (!prev) return { name: line.name, stat, before: null, now: line[stat], change: null };
    const change = pct(prev[stat], line[stat]);
    const worse = higher ? -change : change;
    return {
      name: line.name,
      stat,
      before: prev[stat],
      now: line[stat],
      unit: line.unit,
      change,
      flag: worse > threshold ? 'WORSE' : worse < -threshold ? 'better' : '',
    };
  });
  const names = new Set(now.map((line) => line.name));
  const gone = before.filter((line) => !names.has(line.name)).map((line) => line.name);
  return { rows, gone };
}

const fmt = (value) =>
  value === null || value === undefined
    ? '—'
    : Math.abs(value) >= 100
      ? value.toFixed(0)
      : value.toFixed(2);

/** The comparison as a plain-text table for review. */
export function formatComparison({ rows, gone }) {
  const width = Math.max(4, ...rows.map((r) => r.name.length));
  const out = [
    `${'line'.padEnd(width)}  stat  ${'before'.padStart(9)}  ${'now'.padStart(9)}  change`,
  ];
  for (const r of rows) {
    const change =
      r.change === null
        ? 'new'
        : `${r.change >= 0 ? '+' : ''}${Number.isFinite(r.change) ? r.change.toFixed(1) : '∞'}%`;
    out.push(
      `${r.name.padEnd(width)}  ${r.stat}   ${fmt(r.before).padStart(9)}  ${fmt(r.now).padStart(9)}  ${change}${r.flag ? `  ${r.flag}` : ''}`,
    );
  }
  for (const name of gone) out.push(`${name.padEnd(width)}  (not in this run)`);
  return out.join('\n');
}
