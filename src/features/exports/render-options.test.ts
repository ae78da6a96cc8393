import { describe, expect, it } from 'vitest';
import type { Export, Project } from '../../contract';
import {
  defaultRenderOptions,
  downloadName,
  exportSummary,
  renderRequest,
  retryRequest,
} from './render-options';
import {
  exportPhase,
  failureText,
  renderNotes,
  renderProgress,
  runningText,
} from './export-status';

const alignment = (id: string, selected: boolean) =>
  ({ id, selected }) as unknown as Project['alignments'][number];
const project = (stems: string[], alignments: Project['alignments']) =>
  ({ stems: stems.map((type) => ({ type })), alignments }) as unknown as Project;

describe('render options', () => {
  it('start from the service defaults, the instrumental stem and the active alignment', () => {
    const p = project(['vocals', 'instrumental'], [alignment('a', false), alignment('b', true)]);
    expect(defaultRenderOptions(p)).toEqual({
      resolution: '720p',
      fps: 30,
      quality: 'standard',
      audio: 'instrumental',
      alignmentId: 'b',
      transparent: false,
      fast: false,
    });
    expect(defaultRenderOptions(p, 'a').alignmentId).toBe('a');
    expect(defaultRenderOptions(p, 'gone').alignmentId).toBe('b');
  });
  it('fall back to the original song without an instrumental stem, and to no alignment', () => {
    const p = project(['original'], []);
    expect(defaultRenderOptions(p)).toMatchObject({ audio: 'original', alignmentId: '' });
  });
  it('make the request body, fast mode as renderMode', () => {
    const options = { ...defaultRenderOptions(project([], [alignment('a', true)])), fast: true };
    expect(renderRequest(options)).toEqual({
      resolution: '720p',
      fps: 30,
      quality: 'standard',
      audio: 'original',
      transparent: false,
      renderMode: 'fast',
      alignmentId: 'a',
    });
    expect(renderRequest({ ...options, alignmentId: '' })).not.toHaveProperty('alignmentId');
  });
  it('retry the same request from what the export recorded, leaving out unknown values', () => {
    const failed: Export = {
      id: 'e1',
      status: 'failed',
      resolution: '1080p',
      fps: 60,
      quality: 'ultra',
      transparent: true,
      renderMode: 'fast',
      audio: 'none',
      alignmentId: 'a2',
      range: { start: 10, end: 20 },
    };
    expect(retryRequest(failed)).toEqual({
      resolution: '1080p',
      fps: 60,
      transparent: true,
      renderMode: 'fast',
      audio: 'none',
      alignmentId: 'a2',
      range: { start: 10, end: 20 },
    });
    expect(retryRequest({ id: 'e2', status: 'cancelled', fps: 29.97, resolution: null })).toEqual(
      {},
    );
  });
  it('summarise an export and name its download', () => {
    const item: Export = {
      id: 'e',
      status: 'completed',
      resolution: '720p',
      fps: 30,
      quality: 'high',
      transparent: true,
      renderMode: 'fast',
    };
    expect(exportSummary(item)).toBe('720p · 30 fps · high · transparent · fast');
    expect(exportSummary({ id: 'e', status: 'queued' })).toBe('default size');
    expect(downloadName('AC/DC: "Thunder"?', item)).toBe('AC DC Thunder (720p).webm');
    expect(downloadName('  ', { ...item, transparent: false, resolution: null })).toBe(
      'karaoke.mp4',
    );
  });
});

describe('export status', () => {
  it('reads progress from the task output, clamped; null when absent or junk', () => {
    expect(
      renderProgress({ output: { projectId: 'p', exportId: 'e', progress: 0.42 } as never }),
    ).toBe(0.42);
    expect(renderProgress({ output: { progress: 3 } as never })).toBe(1);
    expect(renderProgress({ output: { progress: 'x' } as never })).toBeNull();
    expect(renderProgress({ output: null })).toBeNull();
    expect(renderProgress(undefined)).toBeNull();
  });
  it('reads the notes of a finished render, ignoring junk', () => {
    const output = { projectId: 'p', exportId: 'e', notes: ['Font "X" fell back', 3] };
    expect(renderNotes({ output: output as never })).toEqual(['Font "X" fell back']);
    expect(renderNotes({ output: null })).toEqual([]);
  });
  it('says what each phase offers and why it failed', () => {
    expect(exportPhase({ status: 'in-progress' })).toBe('running');
    expect(exportPhase({ status: 'queued' })).toBe('running');
    expect(exportPhase({ status: 'completed' })).toBe('done');
    expect(exportPhase({ status: 'cancelled' })).toBe('cancelled');
    expect(exportPhase({ status: 'timed-out' })).toBe('failed');
    expect(runningText({ status: 'queued' }, null)).toBe('Waiting in the queue…');
    expect(runningText({ status: 'in-progress' }, 0.426)).toBe('Rendering: 42 %');
    expect(runningText({ status: 'in-progress' }, null)).toBe('Rendering…');
    expect(failureText({ status: 'failed' }, { error: 'No alignment to render' })).toBe(
      'No alignment to render',
    );
    expect(failureText({ status: 'failed' }, undefined)).toMatch(/no reason/);
  });
});
