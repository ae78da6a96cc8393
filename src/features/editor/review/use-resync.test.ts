import { describe, expect, it } from 'vitest';
import type { Task } from '../../../contract';
import { shownState } from './use-resync';

const running = { phase: 'running', taskId: 't1' } as const;
const task = (over: Partial<Task>): Task => ({
  id: 't1',
  type: 'sync-lyrics',
  status: 'in-progress',
  ...over,
});

describe('what "Sync again around my fixes" shows while its task runs and after', () => {
  it('stays running until the new alignment is in the project', () => {
    expect(shownState(running, undefined, null, false)).toBe(running);
    expect(shownState(running, task({}), null, false)).toBe(running);
    const done = task({ status: 'completed', output: { projectId: 'p', alignmentId: 'a2' } });
    expect(shownState(running, done, 'a2', false)).toBe(running);
    expect(shownState(running, done, 'a2', true)).toEqual({ phase: 'done', alignmentId: 'a2' });
  });

  it('says why it failed, in a sentence, and that nothing changed', () => {
    const failed = task({
      status: 'failed',
      error: 'The project has no audio to align the lyrics on.',
    });
    expect(shownState(running, failed, null, false)).toEqual({
      phase: 'failed',
      message:
        'The sync failed: The project has no audio to align the lyrics on. Your alignment is unchanged.',
    });
    expect(shownState(running, task({ status: 'timed-out' }), null, false)).toEqual({
      phase: 'failed',
      message: 'The sync was timed out: no reason given. Your alignment is unchanged.',
    });
    const empty = task({ status: 'completed', output: { projectId: 'p' } });
    expect(shownState(running, empty, null, false)).toMatchObject({ phase: 'failed' });
  });

  it('leaves other phases as they are', () => {
    const idle = { phase: 'idle' } as const;
    expect(shownState(idle, task({ status: 'failed' }), null, false)).toBe(idle);
  });
});
