import { describe, expect, it, vi } from 'vitest';
import { report, reportValue } from '../bench/report';
import { judge, parseLine } from './bench-lines.mjs';

/** The line a call prints, as the runner reads it, and the runner's verdict on it. */
function printed(print: () => unknown) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  print();
  const line = parseLine(String(log.mock.calls[0]?.[0]));
  log.mockRestore();
  if (!line) throw new Error('no figure printed');
  return { line, verdict: judge(line).ok };
}

describe('bench figures', () => {
  it('report: p50 and p95 of the samples, the budget on p95', () => {
    const { line, verdict } = printed(() => report('a', [3, 1, 2, 9], 8));
    expect(line).toMatchObject({ name: 'a', n: 4, p50: 2, p95: 9, budget: 8, ok: false });
    expect(verdict).toBe(false);
    expect(printed(() => report('a', [1, 2], 8)).line.ok).toBe(true);
  });

  it('reportValue: one value over n measurements, judged as the runner judges it', () => {
    const mean = printed(() => reportValue('m', 0.12345, 0.3, 's', 40));
    expect(mean.line).toMatchObject({ n: 40, p50: 0.123, p95: 0.123, unit: 's', ok: true });
    expect(mean.verdict).toBe(true);
    const share = printed(() => reportValue('s', 0.6, { atLeast: 0.7 }, 'share', 40));
    expect(share.line).toMatchObject({ budget: 0.7, budgetOp: '>=', ok: false });
    expect(share.verdict).toBe(false);
    const cpu = printed(() => reportValue('c', 12, 60, 's'));
    expect(cpu.line).toMatchObject({ n: 1, ok: true });
    expect(cpu.verdict).toBe(true);
  });
});
