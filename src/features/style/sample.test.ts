import { describe, expect, it } from 'vitest';
import { CreateExportSchema } from '../../contract';
import { sampleFailed, sampleRange, sampleRequest, sampleRunning } from './sample';

describe('sample render', () => {
  it('covers 10 s from the preview time, inside the song', () => {
    expect(sampleRange(12.3, 200)).toEqual({ start: 12.3, end: 22.3 });
    expect(sampleRange(195, 200)).toEqual({ start: 195, end: 200 });
    expect(sampleRange(200, 200)).toEqual({ start: 199, end: 200 });
    expect(sampleRange(-3, 200)).toEqual({ start: 0, end: 10 });
  });
  it('asks for a 480p draft with the original audio, times to 10 ms', () => {
    const body = sampleRequest({ start: 1.23456, end: 11.23456 }, 'a1');
    expect(body).toEqual({
      range: { start: 1.23, end: 11.23 },
      resolution: '480p',
      quality: 'draft',
      audio: 'original',
      alignmentId: 'a1',
    });
    expect(CreateExportSchema.parse(body)).toEqual(body);
    expect('alignmentId' in sampleRequest({ start: 0, end: 10 }, undefined)).toBe(false);
  });
  it('tells running from ended tasks', () => {
    expect(['queued', 'running', undefined].map((s) => sampleRunning(s as never))).toEqual([
      true,
      true,
      false,
    ]);
    expect(sampleRunning('completed')).toBe(false);
    expect(
      ['failed', 'timed-out', 'cancelled', 'completed'].map((s) => sampleFailed(s as never)),
    ).toEqual([true, true, true, false]);
  });
});
