import type { LyricsSource, StemModel } from '../../src/contract';
import { ALIGNER_MODEL } from '../audio/align';
import { SEPARATION_MODEL } from '../audio/separate';
import { insertAlignment, projectAlignments } from '../db/alignments';
import type { Db } from '../db/database';
import { addStem, projectStems } from '../db/projects';
import { run } from '../db/statements';
import type { TaskRow } from '../db/tasks';
import type { FileStore } from '../storage/file-store';
import { DspUserError, LYRICS_NEEDED } from './dsp-errors';
import type { DspRunner } from './dsp-runner';

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

function alignmentName(db: Db, projectId: string): string {
  const count = projectAlignments(db, projectId).filter((a) => a.model === ALIGNER_MODEL).length;
  return count === 0 ? 'Local aligner' : `Local aligner ${count + 1}`;
}

/** Decodes `input`, writes vocals + instrumental stems, optionally aligns lyrics on the vocals. */
async function separate(
  deps: Deps,
  task: TaskRow,
  input: string,
  contentType: string,
  lyrics?: string,
) {
  const vocalsOut = deps.files.scratchPath('-vocals.wav');
  const instrumentalOut = deps.files.scratchPath('-instrumental.wav');
  const result = await deps.dsp.run({
    kind: 'separate',
    input,
    contentType,
    vocalsOut,
    instrumentalOut,
    ...(lyrics !== undefined ? { lyrics } : {}),
  });
  if (result.kind !== 'separate') throw new Error('unexpected DSP result');
  const adopt = (path: string, name: string) =>
    deps.files.adopt(task.account_id, name, 'audio/wav', path);
  return {
    result,
    vocalsFile: () => adopt(vocalsOut, 'vocals.wav'),
    instrumentalFile: () => adopt(instrumentalOut, 'instrumental.wav'),
  };
}

function addSeparatedStems(
  deps: Deps,
  projectId: string,
  made: Awaited<ReturnType<typeof separate>>,
): string[] {
  return [
    addStem(deps.db, {
      projectId,
      type: 'vocals',
      model: SEPARATION_MODEL,
      fileId: made.vocalsFile(),
      duration: made.result.vocalsDuration,
    }),
    addStem(deps.db, {
      projectId,
      type: 'instrumental',
      model: SEPARATION_MODEL,
      fileId: made.instrumentalFile(),
      duration: made.result.instrumentalDuration,
    }),
  ];
}

async function createKaraoke(deps: Deps, task: TaskRow, input: CreateKaraokeInput) {
  const file = deps.files.row(input.inputFileId);
  if (!file) throw new DspUserError('The uploaded file is gone.');
  const lyrics = input.lyricsSource?.lyrics;
  if (lyrics !== undefined && lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  const made = await separate(deps, task, deps.files.pathOf(file.id), file.content_type, lyrics);
  deps.db.transaction(() => {
    const projectId = task.project_id;
    run(deps.db, 'UPDATE projects SET duration = ? WHERE id = ?', made.result.duration, projectId);
    addStem(deps.db, {
      projectId,
      type: 'original',
      model: ORIGINAL_MODEL,
      fileId: file.id,
      duration: made.result.duration,
    });
    addSeparatedStems(deps, projectId, made);
    if (made.result.items && lyrics !== undefined) {
      run(deps.db, 'UPDATE projects SET lyrics = ? WHERE id = ?', lyrics, projectId);
      insertAlignment(deps.db, projectId, {
        model: ALIGNER_MODEL,
        name: alignmentName(deps.db, projectId),
        items: made.result.items,
      });
    }
  })();
  return { projectId: task.project_id };
}

async function stemSeparation(deps: Deps, task: TaskRow) {
  const stems = projectStems(deps.db, task.project_id);
  const original = stems.find((s) => s.type === 'original');
  const file = original && deps.files.row(original.file_id);
  if (!file) throw new DspUserError('The project has no original audio to separate.');
  const made = await separate(deps, task, deps.files.pathOf(file.id), file.content_type);
  const replaced = stems.filter((s) => s.type === 'vocals' || s.type === 'instrumental');
  const stemIds = deps.db.transaction(() => {
    for (const stem of replaced) run(deps.db, 'DELETE FROM stems WHERE id = ?', stem.id);
    return addSeparatedStems(deps, task.project_id, made);
  })();
  for (const stem of replaced) deps.files.remove(stem.file_id);
  return { projectId: task.project_id, stemIds };
}

async function syncLyrics(deps: Deps, task: TaskRow, input: SyncLyricsInput) {
  const lyrics = input.lyricsSource.lyrics;
  if (lyrics.trim() === '') throw new DspUserError(LYRICS_NEEDED);
  const stems = projectStems(deps.db, task.project_id);
  // The aligner listens to the vocals; without a separation the mix is the next best thing.
  const source =
    [...stems].reverse().find((s) => s.type === 'vocals') ??
    stems.find((s) => s.type === 'original');
  const file = source && deps.files.row(source.file_id);
  if (!file) throw new DspUserError('The project has no audio to align the lyrics on.');
  const result = await deps.dsp.run({
    kind: 'align',
    vocals: deps.files.pathOf(file.id),
    contentType: file.content_type,
    lyrics,
  });
  if (result.kind !== 'align') throw new Error('unexpected DSP result');
  const alignmentId = deps.db.transaction(() => {
    run(deps.db, 'UPDATE projects SET lyrics = ? WHERE id = ?', lyrics, task.project_id);
    return insertAlignment(deps.db, task.project_id, {
      model: ALIGNER_MODEL,
      name: alignmentName(deps.db, task.project_id),
      items: result.items,
    });
  })();
  return { projectId: task.project_id, alignmentId };
}

export function createProcessor(deps: Deps) {
  return async (task: TaskRow): Promise<unknown> => {
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
