import { describe, expect, it } from 'vitest';
import { elapsedSeconds, taskResult } from './task-labels';

describe('task labels', () => {
  it('links a completed sync to the editor and a failed task to the tasks', () => {
    expect(taskResult('p1', 'sync-lyrics', 'completed')).toEqual({
      path: '/projects/p1',
      label: 'Open the editor',
    });
    expect(taskResult('p1', 'export-project', 'completed').path).toBe('/projects/p1/exports');
    expect(taskResult('p1', 'sync-lyrics', 'failed').path).toBe('/projects/p1/tasks');
  });
  it('measures elapsed time to the last update once ended, to now while running', () => {
    const task = { createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:42Z' };
    const now = Date.parse('2025-01-01T00:01:40Z');
    expect(elapsedSeconds({ ...task, status: 'completed' }, now)).toBe(42);
    expect(elapsedSeconds({ ...task, status: 'in-progress' }, now)).toBe(100);
  });
});
