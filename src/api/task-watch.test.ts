import { beforeEach, describe, expect, it } from 'vitest';
import { useTaskWatch } from './task-watch';

describe('task watch', () => {
  beforeEach(() => useTaskWatch.setState({ tasks: {}, notices: [] }));
  const observe = (...args: Parameters<ReturnType<typeof useTaskWatch.getState>['observe']>) =>
    useTaskWatch.getState().observe(...args);

  it('remembers the export a render makes, even when a later list entry has no output', () => {
    observe('p', [{ id: 't', type: 'export-project', status: 'queued' }]);
    observe('p', [
      { id: 't', type: 'export-project', status: 'in-progress', output: { exportId: 'e1' } },
    ]);
    expect(useTaskWatch.getState().tasks.t?.exportId).toBe('e1');
    observe('p', [{ id: 't', type: 'export-project', status: 'completed' }]);
    const [notice] = useTaskWatch.getState().notices;
    expect(notice).toMatchObject({ taskId: 't', status: 'completed', exportId: 'e1' });
  });
  it('learns the export id without a status change, and raises no notice for it', () => {
    observe('p', [{ id: 't', type: 'export-project', status: 'in-progress' }]);
    observe('p', [
      { id: 't', type: 'export-project', status: 'in-progress', output: { exportId: 'e2' } },
    ]);
    expect(useTaskWatch.getState().tasks.t?.exportId).toBe('e2');
    expect(useTaskWatch.getState().notices).toEqual([]);
  });
});
