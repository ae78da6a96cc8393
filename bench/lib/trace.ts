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

export async function traced(
  cdp: CDPSession,
  gesture: () => Promise<void>,
  categories = 'devtools.timeline,toplevel',
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    categories,
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

/** Trace events of the page's own work inside a task (besides its JavaScript). */
const PAGE_WORK = new Set(['EventDispatch', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint']);

/**
 * Main-thread work in trace µs from `from` to `to` on thread `tid`: the top-level tasks (clipped
 * to the window), less the JavaScript of `ownScript` (the measuring probe's callbacks: its message
 * chain and frame loop) and the whole of a task that ran nothing but that, though not the
 * garbage collections that ran inside, which are work the page's allocations caused. Idle time
 * (a wait for the next frame) is not work.
 */
export function workBetween(
  events: readonly TraceEvent[],
  tid: number,
  from: number,
  to: number,
  ownScript: RegExp,
): number {
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const onThread = events
    .filter((e) => e.tid === tid && e.ph === 'X' && (e.dur ?? 0) > 0 && e.ts < to && end(e) > from)
    .sort((a, b) => a.ts - b.ts);
  const clip = (a: number, b: number) => Math.max(0, Math.min(to, b) - Math.max(from, a));
  let work = 0;
  let i = 0;
  for (const task of mainThreadBusy(onThread, () => true)) {
    while (i < onThread.length && (onThread[i]?.ts ?? 0) < task.start) i++;
    let own = 0;
    let gcInOwn = 0;
    let pageWork = false;
    let ownEnd = -Infinity;
    for (let j = i; j < onThread.length; j++) {
      const e = onThread[j];
      if (!e || e.ts >= task.end) break;
      if (e.name === 'FunctionCall' && ownScript.test(e.args?.data?.url ?? '')) {
        own += clip(e.ts, end(e));
        ownEnd = Math.max(ownEnd, end(e));
      } else if ((e.name === 'MajorGC' || e.name === 'MinorGC') && e.ts < ownEnd) {
        gcInOwn += clip(e.ts, end(e));
      } else if (e.name === 'FunctionCall' || PAGE_WORK.has(e.name)) {
        // the probe's listeners run inside the page's input dispatch: that is page work
        if (e.ts >= ownEnd) pageWork = true;
      }
    }
    const whole = clip(task.start, task.end);
    // a task of the probe's alone (a link of its message chain): only its collections count
    work += own > 0 && !pageWork ? gcInOwn : whole - own + gcInOwn;
  }
  return work;
}

/**
 * The main-thread task that dispatched the last input event of `type` (`pointerup`): its thread
 * and its start (trace µs), where the work that input caused begins.
 */
export function inputTask(events: readonly TraceEvent[], type: string) {
  const all = inputTasks(events, type);
  const last = all.at(-1);
  if (!last) throw new Error(`no ${type} in the trace`);
  return last;
}

/** Every main-thread task that dispatched an input event of `type`, in order (see inputTask). */
export function inputTasks(events: readonly TraceEvent[], type: string) {
  const dispatches = events.filter(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === type,
  );
  return dispatches.map((dispatch) => {
    const task = events.findLast(
      (e) =>
        e.tid === dispatch.tid &&
        /RunTask$/.test(e.name) &&
        e.ts <= dispatch.ts &&
        e.ts + (e.dur ?? 0) >= dispatch.ts,
    );
    return { tid: dispatch.tid, start: task?.ts ?? dispatch.ts, dispatched: dispatch.ts };
  });
}
