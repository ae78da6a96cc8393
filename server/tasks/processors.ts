import { rm } from 'node:fs/promises';
import type {
  AlignmentItem,
  AlignmentLyricsSource,
  LyricsSource,
  StemModel,
  TranscribeLyricsSource,
} from '../../src/contract';
import { ALIGNER_MODEL } from '../audio/align';
import { SEPARATION_MODEL } from '../audio/separate';
import { insertAlignment, type AlignmentMeta } from '../db/alignments';
import type { Db } from '../db/database';
import { fileRow } from '../db/files';
import { addStem, projectStems } from '../db/projects';
import type { TaskRow } from '../db/tasks';
import { adoptFile, removeFile, type FileStore } from '../storage/file-store';
import type { ExportTaskInput } from '../render/export-request';
import { renderExport } from '../render/render-export';
import { DspUserError, LYRICS_NEEDED } from './dsp-errors';
import type { SyncSettings } from './dsp-jobs';
import type { DspRunner } from './dsp-runner';
import { progressWriter } from './progress';
import type { Finished, Processor, TaskRun } from './queue';
import { buildReview, byLyricWord, editedByHand, findReview } from './sync-review';

export interface CreateKaraokeInput {
  inputFileId: string;
  stemModel?: StemModel;
  lyricsSource?: TranscribeLyricsSource;
  /** Internal (never from the API): the demo seed syncs with the fast energy aligner. */
  aligner?: SyncSettings['aligner'];
}
export interface StemSeparationInput {
  model?: StemModel;
}
export interface SyncLyricsInput {
  lyricsSource: LyricsSource;
}

/** The stem type of the upload itself. */
export const ORIGINAL_MODEL = 'original-upload';

interface Deps {
  db: Db;
  files: FileStore;
  dsp: DspRunner;
}

/** One run of a task: its signal (a cancel terminates the DSP thread) and progress reports. */
interface RunDeps extends Deps {
  run: TaskRun;
}

/**
 * "Local aligner", "Local aligner 2", … counted in the commit's transaction, by name: the engines
 * store different models (pocketsphinx or the energy aligner) under the same series of names.
 */
function alignmentName(existing: AlignmentMeta[]): string {
  return numberedName('Local aligner', existing);
}

/** `base`, `base 2`, … counted among the project's alignments of that series. */
function numberedName(base: string, existing: AlignmentMeta[]): string {
  const series = new RegExp(`^${base}( \\d+)?$`);
  const count = existing.filter((a) => series.test(a.name ?? '')).length;
  return count === 0 ? base : `${base} ${count + 1}`;
}

/** The name of an alignment synced again around kept words. */
const RESYNC_NAME = 'Synced around fixes';

async function syncSettings(
  db: Db,
  projectId: string,
  aligner?: SyncSettings['aligner'],
): Promise<SyncSettings> {
  const row = await db.one<{ language: string | null }>(
    'SELECT language FROM projects WHERE id = ?',
    projectId,
  );
  return { language: row?.language ?? null, ...(aligner ? { aligner } : {}) };
}

/** What the task output says about a sync: which engine placed the words, and any notes. */
const syncReport = (result: { engine?: string; notes?: string[] }) => ({
  engine: result.engine,
  ...(result.notes?.length ? { notes: result.notes } : {}),
});

/** A file's bytes on local disk for the DSP thread (downloaded first from S3). */
async function withLocalCopy<T>(
  files: FileStore,
  id: string,
  fn: (path: string) => Promise<T>,
): Promise<T> {
  const copy = await files.localCopy(id);
  try {
    return await fn(copy.path);
  } finally {
    await copy.release();
  }
}

/**
 * Decodes `input`, writes vocals + instrumental stems and stores them as files (rows are added
 * by the commit), optionally aligns lyrics on the vocals.
 */
async function separate(
  deps: RunDeps,
  task: TaskRow,
  inputFileId: string,
  lyrics?: string,
  sync?: SyncSettings,
) {
  const file = await fileRow(deps.db, inputFileId);
  if (!file) throw new DspUserError('The uploaded file is gone.');
  const vocalsOut = deps.files.scratchPath('-vocals.wav');
  const instrumentalOut = deps.files.scratchPath('-instrumental.wav');
  const result = await withLocalCopy(deps.files, file.id, (input) =>
    deps.dsp.run(
      {
        kind: 'separate',
        input,
        contentType: file.content_type,
        vocalsOut,
        instrumentalOut,
        ...(lyrics !== undefined ? { lyrics, ...(sync ? { sync } : {}) } : {}),
      },
      progressWriter(deps.run, task),
      deps.run.signal,
    ),
  ).catch(async (error: unknown) => {
    // Stopped or failed half-way: the stems written so far go.
    await rm(vocalsOut, { force: true });
    await rm(instrumentalOut, { force: true });
    throw error;
  });
  if (result.kind !== 'separate') throw new Error('unexpected DSP result');
  const adopt = (path: string, name: string) =>
    adoptFile(deps.db, deps.files, {
      accountId: task.account_id,
      filename: name,
      contentType: 'audio/wav',
      path,
    });
  const vocals = await adopt(vocalsOut, 'vocals.wav');
  const instrumental = await adopt(instrumentalOut, 'instrumental.wav');
  return {
    file,
    result,
    fileIds: [vocals, instrumental],
    addStems: async (tx: Db): Promise<string[]> => [
      await addStem(tx, {
        projectId: task.project_id,
        type: 'vocals',
        model: SEPARATION_MODEL,
        fileId: vocals,
        duration: result.vocalsDuration,
      }),
      await addStem(tx, {
        projectId: task.project_id,
        type: 'instrumental',
        model: SEPARATION_MODEL,
        fileId: instrumental,
        duration: result.instrumentalDuration,
      }),
    ],
  };
}

const discardFiles = (deps: Deps, ids: string[]) => async () => {
  for (const id of ids) await removeFile(deps.db, deps.files, id);
};

async function createKaraoke(deps: RunDeps, task: TaskRow, input: CreateKaraokeInput) {
  const lyrics = input.lyricsSource?.lyrics;
  if (lyrics !== undefined && lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  const sync = await syncSettings(deps.db, task.project_id, input.aligner);
  const made = await separate(deps, task, input.inputFileId, lyrics, sync);
  const projectId = task.project_id;
  return {
    discard: discardFiles(deps, made.fileIds),
    async commit(tx: Db) {
      await tx.run(
        'UPDATE projects SET duration = ? WHERE id = ?',
        made.result.duration,
        projectId,
      );
      await addStem(tx, {
        projectId,
        type: 'original',
        model: ORIGINAL_MODEL,
        fileId: made.file.id,
        duration: made.result.duration,
      });
      await made.addStems(tx);
      if (made.result.items && lyrics !== undefined) {
        await tx.run('UPDATE projects SET lyrics = ? WHERE id = ?', lyrics, projectId);
        const items = made.result.items;
        const alignmentId = await insertAlignment(tx, projectId, {
          model: made.result.engine ?? ALIGNER_MODEL,
          name: alignmentName,
          items,
        });
        // No top-level alignmentId: the output stays the project-creating variant `{ projectId }`
        // (+ report); the review names the alignment it is about.
        const review = buildReview(
          alignmentId,
          items,
          byLyricWord(items, made.result.wordConfidence),
        );
        return { projectId, ...syncReport(made.result), review };
      }
      return { projectId };
    },
  } satisfies Finished;
}

async function stemSeparation(deps: RunDeps, task: TaskRow): Promise<Finished> {
  const stems = await projectStems(deps.db, task.project_id);
  const original = stems.find((s) => s.type === 'original');
  if (!original) throw new DspUserError('The project has no original audio to separate.');
  const made = await separate(deps, task, original.file_id);
  let replaced: string[] = [];
  return {
    discard: discardFiles(deps, made.fileIds),
    async commit(tx: Db) {
      // Read again inside the commit: another separation may have replaced them meanwhile.
      const current = await projectStems(tx, task.project_id);
      const old = current.filter((s) => s.type === 'vocals' || s.type === 'instrumental');
      for (const stem of old) await tx.run('DELETE FROM stems WHERE id = ?', stem.id);
      replaced = old.map((s) => s.file_id);
      return { projectId: task.project_id, stemIds: await made.addStems(tx) };
    },
    after: () => discardFiles(deps, replaced)(),
  };
}

/** The audio a sync listens to: the newest vocals, else the upload itself. */
async function syncAudio(deps: Deps, projectId: string) {
  const stems = await projectStems(deps.db, projectId);
  // The aligner listens to the vocals; without a separation the mix is the next best thing.
  const source =
    [...stems].reverse().find((s) => s.type === 'vocals') ??
    stems.find((s) => s.type === 'original');
  const file = source && (await fileRow(deps.db, source.file_id));
  if (!file) throw new DspUserError('The project has no audio to align the lyrics on.');
  return { stems, source, file };
}

async function syncLyrics(deps: RunDeps, task: TaskRow, input: SyncLyricsInput): Promise<Finished> {
  if (input.lyricsSource.type === 'alignment') {
    return syncAroundKept(deps, task, input.lyricsSource);
  }
  const lyrics = input.lyricsSource.lyrics;
  if (lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  const { stems, source, file } = await syncAudio(deps, task.project_id);
  // The mix, tried last when nothing is found on the vocals (decoded lazily in the DSP thread).
  const original = stems.find((s) => s.type === 'original');
  const mix =
    original && original !== source ? await fileRow(deps.db, original.file_id) : undefined;
  const sync = await syncSettings(deps.db, task.project_id);
  const progress = progressWriter(deps.run, task);
  const result = await withLocalCopy(deps.files, file.id, (vocals) => {
    const run = (mixPath?: string) =>
      deps.dsp.run(
        {
          kind: 'align',
          vocals,
          contentType: file.content_type,
          ...(mix && mixPath ? { mix: { path: mixPath, contentType: mix.content_type } } : {}),
          lyrics,
          sync,
        },
        progress,
        deps.run.signal,
      );
    return mix ? withLocalCopy(deps.files, mix.id, run) : run();
  });
  if (result.kind !== 'align') throw new Error('unexpected DSP result');
  return {
    async commit(tx: Db) {
      await tx.run('UPDATE projects SET lyrics = ? WHERE id = ?', lyrics, task.project_id);
      const items = result.items;
      const alignmentId = await insertAlignment(tx, task.project_id, {
        model: result.engine,
        name: alignmentName,
        items,
      });
      const review = buildReview(alignmentId, items, byLyricWord(items, result.wordConfidence));
      return { projectId: task.project_id, alignmentId, ...syncReport(result), review };
    },
  };
}

/**
 * The second lyrics source: the words of an alignment synced again between the words kept where
 * they are (named, or by default the ones edited by hand since the sync that made it). The result
 * is a new alignment with the source's structure and texts; the source is not changed.
 */
async function syncAroundKept(
  deps: RunDeps,
  task: TaskRow,
  lyricsSource: AlignmentLyricsSource,
): Promise<Finished> {
  const row = await deps.db.one<{ items_json: string; name: string | null }>(
    'SELECT items_json, name FROM alignments WHERE id = ? AND project_id = ?',
    lyricsSource.alignmentId,
    task.project_id,
  );
  if (!row) throw new DspUserError('The alignment to sync again is gone.');
  const items = JSON.parse(row.items_json) as AlignmentItem[];
  if (items.length === 0) throw new DspUserError('The alignment to sync again has no words.');
  let keep = lyricsSource.keepItemIds;
  if (!keep) {
    const review = await findReview(deps.db, task.project_id, lyricsSource.alignmentId);
    if (!review) {
      throw new DspUserError(
        'This alignment was not made by a sync, so the words edited by hand are not known: name the words to keep.',
      );
    }
    keep = editedByHand(items, review);
  }
  const { file } = await syncAudio(deps, task.project_id);
  const sync = await syncSettings(deps.db, task.project_id);
  const progress = progressWriter(deps.run, task);
  const result = await withLocalCopy(deps.files, file.id, (vocals) =>
    deps.dsp.run(
      {
        kind: 'align-anchored',
        vocals,
        contentType: file.content_type,
        items,
        keepItemIds: keep,
        sync,
      },
      progress,
      deps.run.signal,
    ),
  );
  if (result.kind !== 'align-anchored') throw new Error('unexpected DSP result');
  return {
    async commit(tx: Db) {
      const made = result.items;
      const alignmentId = await insertAlignment(tx, task.project_id, {
        model: result.engine ?? 'kept-words',
        name: (existing) => numberedName(RESYNC_NAME, existing),
        items: made,
      });
      const review = buildReview(alignmentId, made, (_, i) => result.confidence[i]);
      return {
        projectId: task.project_id,
        alignmentId,
        sourceAlignmentId: lyricsSource.alignmentId,
        keptWords: result.keptWords,
        alignedWords: result.alignedWords,
        ...syncReport({ engine: result.engine ?? undefined, notes: result.notes }),
        review,
      };
    },
  };
}

/** Runs a task by its type (the worker's `Processor`; the demo seed calls it directly). */
export function createProcessor(deps: Deps): Processor {
  return async (task, run) => {
    const input: unknown = JSON.parse(task.input_json);
    const runDeps: RunDeps = { ...deps, run };
    switch (task.type) {
      case 'create-karaoke':
        return createKaraoke(runDeps, task, input as CreateKaraokeInput);
      case 'stem-separation':
        return stemSeparation(runDeps, task);
      case 'sync-lyrics':
        return syncLyrics(runDeps, task, input as SyncLyricsInput);
      case 'export-project':
        return renderExport(deps, task, input as ExportTaskInput, run);
      default:
        throw new DspUserError(`The local service does not run ${task.type} tasks.`);
    }
  };
}
