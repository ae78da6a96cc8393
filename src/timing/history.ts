import { applyChange, composeChanges, invertChange, isEmptyChange, type Change } from './change';
import type { TimingDoc } from './doc';

/** One undo step: the forward change (undo applies its inverse). Costs what it changed. */
export interface HistoryStep {
  readonly change: Change;
  /** Steps pushed with the same group id in a row are one step (a drag, a tap run). */
  readonly group: string | null;
}

export interface History {
  readonly past: readonly HistoryStep[];
  readonly future: readonly HistoryStep[];
  readonly limit: number;
}

export function createHistory(limit = 200): History {
  return { past: [], future: [], limit };
}

export function pushHistory(
  history: History,
  change: Change,
  group: string | null = null,
): History {
  if (isEmptyChange(change)) return history;
  const top = history.past[history.past.length - 1];
  if (top && group !== null && top.group === group) {
    const past = history.past.slice(0, -1);
    past.push({ change: composeChanges(top.change, change), group });
    return { ...history, past, future: [] };
  }
  const past = history.past.slice(Math.max(0, history.past.length + 1 - history.limit));
  past.push({ change, group });
  return { ...history, past, future: [] };
}

/** Ends grouping: the next push with the same group id starts a new step. */
export function sealHistory(history: History): History {
  const top = history.past[history.past.length - 1];
  if (!top || top.group === null) return history;
  return { ...history, past: [...history.past.slice(0, -1), { change: top.change, group: null }] };
}

export function undo(
  history: History,
  doc: TimingDoc,
): { history: History; doc: TimingDoc; change: Change } | null {
  const step = history.past[history.past.length - 1];
  if (!step) return null;
  const change = invertChange(step.change);
  return {
    history: {
      ...history,
      past: history.past.slice(0, -1),
      future: [...history.future, { ...step, group: null }],
    },
    doc: applyChange(doc, change),
    change,
  };
}

export function redo(
  history: History,
  doc: TimingDoc,
): { history: History; doc: TimingDoc; change: Change } | null {
  const step = history.future[history.future.length - 1];
  if (!step) return null;
  return {
    history: { ...history, past: [...history.past, step], future: history.future.slice(0, -1) },
    doc: applyChange(doc, step.change),
    change: step.change,
  };
}
