/** Types of scripts/bench-lines.mjs (plain JS so the runner needs no build step). */
export interface BenchLine {
  name: string;
  n: number;
  p50: number;
  p95: number;
  budget: number | null;
  budgetOp?: '<=' | '>=';
  unit: string;
  ok: boolean;
}
export interface ComparisonRow {
  name: string;
  stat: 'p50' | 'p95';
  before: number | null;
  now: number;
  unit?: string;
  change: number | null;
  flag?: '' | 'WORSE' | 'better';
}
export interface Comparison {
  rows: ComparisonRow[];
  gone: string[];
}
export function parseLine(text: string): BenchLine | null;
export function judge(line: BenchLine): { ok: boolean; why: string };
export function parseRun(text: string): BenchLine[];
export function compareRuns(before: BenchLine[], now: BenchLine[], threshold?: number): Comparison;
export function formatComparison(comparison: Comparison): string;
