/**
 * The CPU-heavy part of tasks, as plain functions of paths: run inside the DSP worker thread (or
 * in-process when a worker cannot start). Results are small; audio goes to disk as WAV.
 */
import { writeFileSync } from 'node:fs';
import type { AlignmentItem } from '../../src/contract';
import { ALIGNER_MODEL, alignLyrics, EmptyLyricsError } from '../audio/align';
import { syncAroundAnchors } from '../audio/anchored-sync';
import { AudioDecodeError, decodeAudioFile } from '../audio/decode';
import { syncLyricsToAudio, type SyncOutcome } from '../audio/forced-align';
import type { PcmAudio } from '../audio/pcm';
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
  sync?: SyncSettings;
}

/** How lyrics are synced (server/audio/forced-align.ts). */
export interface SyncSettings {
  /** The project's language (see SyncOptions.language: English, German, French, Spanish, Italian, Portuguese, Dutch; recognised when unset). */
  language?: string | null;
  /** 'energy': the old aligner only (the demo seed, which must start fast). */
  aligner?: 'auto' | 'energy';
}

export interface AlignJob {
  kind: 'align';
  vocals: string;
  contentType?: string;
  /** The mix, tried when nothing is found on the vocals. */
  mix?: { path: string; contentType?: string };
  lyrics: string;
  sync?: SyncSettings;
}

/** Sync again around kept words (server/audio/anchored-sync.ts). */
export interface AnchoredJob {
  kind: 'align-anchored';
  vocals: string;
  contentType?: string;
  /** The source alignment's items (with ids). */
  items: AlignmentItem[];
  /** Ids of the items whose words stay where they are. */
  keepItemIds: string[];
  sync?: SyncSettings;
}

export type DspJob = SeparateJob | AlignJob | AnchoredJob;

export interface SeparateResult {
  kind: 'separate';
  duration: number;
  vocalsDuration: number;
  instrumentalDuration: number;
  items?: AlignmentItem[];
  engine?: string;
  notes?: string[];
  /** One value 0..1 per lyric word (tokenizeLyrics order), when the sync gave one. */
  wordConfidence?: number[];
}
export interface AlignResult {
  kind: 'align';
  items: AlignmentItem[];
  engine: string;
  notes: string[];
  wordConfidence?: number[];
}
export interface AnchoredResult {
  kind: 'align-anchored';
  /** The source items (same order), without ids. */
  items: AlignmentItem[];
  /** Per item: its word's confidence (kept words 1); null when unknown. */
  confidence: (number | null)[];
  engine: string | null;
  notes: string[];
  keptWords: number;
  alignedWords: number;
}
export type DspResult = SeparateResult | AlignResult | AnchoredResult;

/** Reports a task's progress, 0..1 (posted to the main thread by the worker). */
export type Progress = (fraction: number) => void;

async function align(
  vocals: PcmAudio,
  lyrics: string,
  settings: SyncSettings = {},
  mix?: () => Promise<PcmAudio | undefined>,
  progress?: Progress,
): Promise<SyncOutcome> {
  if (lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  try {
    if (settings.aligner === 'energy') {
      // The demo seed: one item per word, as its ground truth.
      return { items: alignLyrics(vocals, lyrics), engine: ALIGNER_MODEL, notes: [] };
    }
    return await syncLyricsToAudio(vocals, lyrics, {
      language: settings.language ?? null,
      ...(mix ? { mix } : {}),
      ...(progress ? { onProgress: progress } : {}),
    });
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

/**
 * Decodes the upload and writes its stems; returns only the vocals (for a sync) and the durations, so
 * the mix and the instrumental can be freed before the lyrics are synced.
 */
async function separateToFiles(job: SeparateJob) {
  const audio = await decode(job.input, job.contentType);
  if (audio.channels.length === 0 || pcmDuration(audio) === 0) {
    throw new DspUserError('The audio could not be decoded: the file holds no samples.');
  }
  const { vocals, instrumental } = separateCentre(audio);
  writeFileSync(job.vocalsOut, encodeWav(vocals));
  writeFileSync(job.instrumentalOut, encodeWav(instrumental));
  return {
    vocals,
    duration: pcmDuration(audio),
    vocalsDuration: pcmDuration(vocals),
    instrumentalDuration: pcmDuration(instrumental),
  };
}

export async function runDspJob(job: DspJob, progress?: Progress): Promise<DspResult> {
  switch (job.kind) {
    case 'separate': {
      const made = await separateToFiles(job);
      // The mix, should the search need it, is decoded again: not held while the lyrics are synced.
      const synced =
        job.lyrics !== undefined
          ? await align(
              made.vocals,
              job.lyrics,
              job.sync,
              () => decode(job.input, job.contentType),
              progress,
            )
          : undefined;
      return {
        kind: 'separate',
        duration: made.duration,
        vocalsDuration: made.vocalsDuration,
        instrumentalDuration: made.instrumentalDuration,
        ...(synced
          ? {
              items: synced.items,
              engine: synced.engine,
              notes: synced.notes,
              ...(synced.wordConfidence ? { wordConfidence: synced.wordConfidence } : {}),
            }
          : {}),
      };
    }
    case 'align': {
      const vocals = await decode(job.vocals, job.contentType);
      const source = job.mix;
      const mix = source ? () => decode(source.path, source.contentType) : undefined;
      const synced = await align(vocals, job.lyrics, job.sync, mix, progress);
      return { kind: 'align', ...synced };
    }
    case 'align-anchored': {
      const vocals = await decode(job.vocals, job.contentType);
      const settings = job.sync ?? {};
      const made = await syncAroundAnchors(vocals, job.items, new Set(job.keepItemIds), {
        language: settings.language ?? null,
        ...(progress ? { onProgress: progress } : {}),
        // The energy-only setting (demo seed) holds for the gaps too.
        ...(settings.aligner === 'energy'
          ? { sync: (pcm, lyrics) => align(pcm, lyrics, { aligner: 'energy' }) }
          : {}),
      });
      return {
        kind: 'align-anchored',
        items: made.items,
        confidence: made.confidence.map((c) => c ?? null),
        engine: made.engine ?? null,
        notes: made.notes,
        keptWords: made.keptWords,
        alignedWords: made.alignedWords,
      };
    }
  }
}
