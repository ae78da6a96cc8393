import type { LyricsSource, StemModel } from '../../src/contract';
import { ALIGNER_MODEL } from '../audio/align';
import { SEPARATION_MODEL } from '../audio/separate';
import { insertAlignment, type AlignmentMeta } from '../db/alignments';
import type { Db } from '../db/database';
import { fileRow } from '../db/files';
import { addStem, projectStems } from '../db/projects';
import type { TaskRow } from '../db/tasks';
import { adoptFile, removeFile, type FileStore } from '../storage/file-store';
import { DspUserError, LYRICS_NEEDED } from './dsp-errors';
import type { DspRunner } from './dsp-runner';
import type { Finished } from './queue';

export interface CreateKaraokeInput {
  inputFileId: string;
  stemModel?: StemModel;
  lyricsSource?: LyricsSource;
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

/** "Local aligner", "Local aligner 2", … counted in the commit's transaction. */
function alignmentName(existing: AlignmentMeta[]): string {
  const count = existing.filter((a) => a.model === ALIGNER_MODEL).length;
  return count === 0 ? 'Local aligner' : `Local aligner ${count + 1}`;
}

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
async function separate(deps: Deps, task: TaskRow, inputFileId: string, lyrics?: string) {
  const file = await fileRow(deps.db, inputFileId);
  if (!file) throw new DspUserError('The uploaded file is gone.');
  const vocalsOut = deps.files.scratchPath('-vocals.wav');
  const instrumentalOut = deps.files.scratchPath('-instrumental.wav');
  const result = await withLocalCopy(deps.files, file.id, (input) =>
    deps.dsp.run({
      kind: 'separate',
      input,
      contentType: file.content_type,
      vocalsOut,
      instrumentalOut,
      ...(lyrics !== undefined ? { lyrics } : {}),
    }),
  );
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

async function createKaraoke(deps: Deps, task: TaskRow, input: CreateKaraokeInput) {
  const lyrics = input.lyricsSource?.lyrics;
  if (lyrics !== undefined && lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  const made = await separate(deps, task, input.inputFileId, lyrics);
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
        await insertAlignment(tx, projectId, {
          model: ALIGNER_MODEL,
          name: alignmentName,
          items: made.result.items,
        });
      }
      return { projectId };
    },
  } satisfies Finished;
}

async function stemSeparation(deps: Deps, task: TaskRow): Promise<Finished> {
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

async function syncLyrics(deps: Deps, task: TaskRow, input: SyncLyricsInput): Promise<Finished> {
  const lyrics = input.lyricsSource.lyrics;
  if (lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  const stems = await projectStems(deps.db, task.project_id);
  // The aligner listens to the vocals; without a separation the mix is the next best thing.
  const source =
    [...stems].reverse().find((s) => s.type === 'vocals') ??
    stems.find((s) => s.type === 'original');
  const file = source && (await fileRow(deps.db, source.file_id));
  if (!file) throw new DspUserError('The project has no audio to align the lyrics on.');
  const result = await withLocalCopy(deps.files, file.id, (vocals) =>
    deps.dsp.run({ kind: 'align', vocals, contentType: file.content_type, lyrics }),
  );
  if (result.kind !== 'align') throw new Error('unexpected DSP result');
  return {
    async commit(tx: Db) {
      await tx.run('UPDATE projects SET lyrics = ? WHERE id = ?', lyrics, task.project_id);
      const alignmentId = await insertAlignment(tx, task.project_id, {
        model: ALIGNER_MODEL,
        name: alignmentName,
        items: result.items,
      });
      return { projectId: task.project_id, alignmentId };
    },
  };
}

export function createProcessor(deps: Deps) {
  return async (task: TaskRow): Promise<Finished> => {
    const input: unknown = JSON.parse(task.input_json);
    switch (task.type) {
      case 'create-karaoke':
        return createKaraoke(deps, task, input as CreateKaraokeInput);
      case 'stem-separation':
        return stemSeparation(deps, task);
      case 'sync-lyrics':
        return syncLyrics(deps, task, input as SyncLyricsInput);
      default:
        throw new DspUserError(`The local service does not run ${task.type} tasks.`);
    }
  };
}
