// Chrome traces of a page through CDP: the renderer main thread's tasks during a gesture.
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { message?: string; type?: string; url?: string; functionName?: string };
  };
}

export async function traced(cdp: CDPSession, gesture: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,toplevel',
    transferMode: 'ReportEvents',
  });
  await gesture();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}

/** The main thread's top-level tasks, merged where they nest or touch (trace µs). */
export function mainThreadBusy(events: TraceEvent[], onMain: (e: TraceEvent) => boolean) {
  const tasks = events
    .filter((e) => onMain(e) && e.ph === 'X' && /RunTask$/.test(e.name) && (e.dur ?? 0) > 0)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }))
    .sort((a, b) => a.start - b.start);
  const busy: { start: number; end: number }[] = [];
  for (const t of tasks) {
    const last = busy.at(-1);
    if (last && t.start <= last.end) last.end = Math.max(last.end, t.end);
    else busy.push({ ...t });
  }
  return busy;
}
