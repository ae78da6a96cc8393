import { nextProblem, type ValidationIssue } from '../../../timing';
import type { EditorStore } from '../store';

/**
 * "Next problem" (button and `n`): select the first finding after `time` (wrapping) and report it
 * so the page can scroll the timeline and seek. Validates now when the last result is stale.
 */
export function goToNextProblem(
  store: EditorStore,
  time: number,
  onJump: (time: number) => void,
): ValidationIssue | undefined {
  const state = store.getState();
  const result = state.validation ?? state.actions.validateNow();
  const issue = nextProblem(result, time);
  if (issue) jumpToIssue(store, issue, onJump);
  return issue;
}

export function jumpToIssue(
  store: EditorStore,
  issue: ValidationIssue,
  onJump: (time: number) => void,
): void {
  if (issue.keys.length > 0) store.getState().actions.select(issue.keys, 'replace');
  onJump(issue.time);
}
