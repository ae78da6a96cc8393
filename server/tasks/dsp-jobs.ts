/**
 * The CPU-heavy part of tasks, as plain functions of paths: run inside the DSP worker thread (or
 * in-process when a worker cannot start). Results are small; audio goes to disk as WAV.
 */
import { writeFileSync } from 'node:fs';
import type { AlignmentItem } from '../../src/contract';
import { alignLyrics, EmptyLyricsError } from '../audio/align';
import { AudioDecodeError, decodeAudioFile } from '../audio/decode';
import { pcmDuration } from '../audio/pcm';
import { separateCentre } from '../audio/separate';
import { encodeWav } from '../audio/wav';
import { DspUserError, LYRICS_NEEDED } from './dsp-errors';

export interface SeparateJob {
  kind: 'separate';
  input: string;
  contentType?: string;
  vocalsOut: string;
  instrumentalOut: string;
  /** When given, also aligns these lyrics on the vocals just made. */
  lyrics?: string;
}

export interface AlignJob {
  kind: 'align';
  vocals: string;
  contentType?: string;
  lyrics: string;
}

export type DspJob = SeparateJob | AlignJob;

export interface SeparateResult {
  kind: 'separate';
  duration: number;
  vocalsDuration: number;
  instrumentalDuration: number;
  items?: AlignmentItem[];
}
export interface AlignResult {
  kind: 'align';
  items: AlignmentItem[];
}
export type DspResult = SeparateResult | AlignResult;

function align(vocals: Parameters<typeof alignLyrics>[0], lyrics: string): AlignmentItem[] {
  if (lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  try {
    return alignLyrics(vocals, lyrics);
  } catch (error) {
    if (error instanceof EmptyLyricsError) throw new DspUserError(LYRICS_NEEDED);
    throw error;
  }
}

async function decode(path: string, contentType?: string) {
  try {
    return await decodeAudioFile(path, contentType);
  } catch (error) {
    if (error instanceof AudioDecodeError) {
      throw new DspUserError(`The audio could not be decoded: ${error.message}.`);
    }
    throw error;
  }
}

export async function runDspJob(job: DspJob): Promise<DspResult> {
  switch (job.kind) {
    case 'separate': {
      const audio = await decode(job.input, job.contentType);
      if (audio.channels.length === 0 || pcmDuration(audio) === 0) {
        throw new DspUserError('The audio could not be decoded: the file holds no samples.');
      }
      const { vocals, instrumental } = separateCentre(audio);
      writeFileSync(job.vocalsOut, encodeWav(vocals));
      writeFileSync(job.instrumentalOut, encodeWav(instrumental));
      return {
        kind: 'separate',
        duration: pcmDuration(audio),
        vocalsDuration: pcmDuration(vocals),
        instrumentalDuration: pcmDuration(instrumental),
        ...(job.lyrics !== undefined ? { items: align(vocals, job.lyrics) } : {}),
      };
    }
    case 'align': {
      const vocals = await decode(job.vocals, job.contentType);
      return { kind: 'align', items: align(vocals, job.lyrics) };
    }
  }
}
