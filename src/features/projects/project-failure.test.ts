import { describe, expect, it } from 'vitest';
import type { Project } from '../../contract';
import { projectFailure, readableReason } from './project-failure';

const base: Project = {
  id: 'p1',
  title: 'Song',
  artists: [],
  stems: [],
  alignments: [],
  exports: [],
  task: { id: 't1', type: 'create-karaoke', status: 'failed', error: null },
};
const withTask = (task: Partial<NonNullable<Project['task']>>): Project => ({
  ...base,
  task: { ...base.task!, ...task },
});

describe('projectFailure', () => {
  it('is the failed create task of a project without stems, with its reason', () => {
    expect(
      projectFailure(
        withTask({ error: 'The audio could not be decoded: the MP3 file holds no audio.' }),
      ),
    ).toEqual({
      title: 'The audio of this project could not be read',
      reason: 'The audio could not be decoded: the MP3 file holds no audio.',
      taskId: 't1',
    });
    expect(projectFailure(withTask({ status: 'timed-out' }))?.reason).toMatch(/took too long/);
  });

  it('is nothing while the project is being made, once it has audio, or for other tasks', () => {
    expect(projectFailure(withTask({ status: 'in-progress' }))).toBeNull();
    expect(projectFailure(withTask({ status: 'completed' }))).toBeNull();
    expect(projectFailure(withTask({ type: 'sync-lyrics' }))).toBeNull();
    expect(projectFailure({ ...base, task: null })).toBeNull();
    const stem = { id: 's', type: 'original', model: 'm', url: '/s', duration: 3 };
    expect(projectFailure({ ...base, stems: [stem] })).toBeNull();
  });
});

describe('readableReason', () => {
  it('keeps a sentence, cuts a stack, and says so when there is no reason', () => {
    expect(readableReason('the file is empty')).toBe('The file is empty.');
    expect(readableReason('Error: boom\n    at decode (decode.ts:1:1)\n    at run')).toBe(
      'Error: boom.',
    );
    expect(readableReason(null)).toBe('The service gave no reason.');
    expect(readableReason('x'.repeat(400))).toHaveLength(298);
  });
});
