import { describe, expect, it } from 'vitest';
import { elapsedSeconds, elapsedText, taskResult } from './task-labels';

describe('task labels', () => {
  it('links a completed sync to the editor and a failed task to the tasks', () => {
    expect(taskResult('p1', 'sync-lyrics', 'completed')).toEqual({
      path: '/projects/p1',
      label: 'Open the editor',
    });
    expect(taskResult('p1', 'export-stem-audio', 'completed').path).toBe('/projects/p1/exports');
    expect(taskResult('p1', 'sync-lyrics', 'failed').path).toBe('/projects/p1/tasks');
  });
  it('measures elapsed time to the last update once ended, to now while running', () => {
    const task = { createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:42Z' };
    const now = Date.parse('2025-01-01T00:01:40Z');
    expect(elapsedSeconds({ ...task, status: 'completed' }, now)).toBe(42);
    expect(elapsedSeconds({ ...task, status: 'in-progress' }, now)).toBe(100);
  });
});

describe('elapsedText', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
  const task = (status: 'completed' | 'failed' | 'in-progress', ms: number) => ({
    status,
    createdAt: at(0),
    updatedAt: at(ms),
  });
  const now = Date.UTC(2026, 0, 1) + 100_000;
  it('never says "0 s" for a task that ended', () => {
    expect(elapsedText(task('completed', 300), now)).toBe('under 1 s');
    expect(elapsedText(task('failed', 0), now)).toBe('under 1 s');
    expect(elapsedText(task('completed', 4_250), now)).toBe('4.3 s');
    expect(elapsedText(task('completed', 42_000), now)).toBe('42 s');
    expect(elapsedText(task('in-progress', 0), now)).toBe('1 min 40 s');
    expect(elapsedText({ ...task('completed', 0), updatedAt: at(-5_000) }, now)).toBe('—');
  });
});

describe('a render notice', () => {
  it('links to its own export (found by its task), whatever the outcome', () => {
    expect(taskResult('p 1', 'export-project', 'completed', 't/1')).toEqual({
      path: '/projects/p%201/exports?task=t%2F1',
      label: 'Watch the video',
    });
    expect(taskResult('p1', 'export-project', 'failed', 't1')).toEqual({
      path: '/projects/p1/exports?task=t1',
      label: 'See the export',
    });
    expect(taskResult('p1', 'sync-lyrics', 'completed', 't1').path).toBe('/projects/p1');
  });
});
