import type { LyricsSource, StemModel } from '../../src/contract';
import { SEPARATION_MODEL } from '../audio/separate';
import { insertAlignment, projectAlignments } from '../db/alignments';
import type { Db } from '../db/database';
import { addStem, projectStems } from '../db/projects';
import { one, run } from '../db/statements';
import type { TaskRow } from '../db/tasks';
import type { FileStore } from '../storage/file-store';
import { DspUserError, LYRICS_NEEDED } from './dsp-errors';
import type { SyncSettings } from './dsp-jobs';
import type { DspRunner } from './dsp-runner';

export interface CreateKaraokeInput {
  inputFileId: string;
  stemModel?: StemModel;
  lyricsSource?: LyricsSource;
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

function alignmentName(db: Db, projectId: string): string {
  const count = projectAlignments(db, projectId).filter((a) =>
    /^Local aligner( \d+)?$/.test(a.name ?? ''),
  ).length;
  return count === 0 ? 'Local aligner' : `Local aligner ${count + 1}`;
}

function syncSettings(db: Db, projectId: string, aligner?: SyncSettings['aligner']): SyncSettings {
  const row = one<{ language: string | null }>(
    db,
    'SELECT language FROM projects WHERE id = ?',
    projectId,
  );
  return { language: row?.language ?? null, ...(aligner ? { aligner } : {}) };
}

/**
 * Shows a running task's progress: `output` holds `{ projectId, progress }` until the task ends (the
 * completed output replaces it). Written at most once per percent.
 */
function progressWriter(db: Db, task: TaskRow): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    if (percent === last) return;
    last = percent;
    run(
      db,
      "UPDATE tasks SET output_json = ?, updated_at = ? WHERE id = ? AND status = 'in-progress'",
      JSON.stringify({ projectId: task.project_id, progress: percent / 100 }),
      new Date().toISOString(),
      task.id,
    );
  };
}

/** What the task output says about a sync: which engine placed the words, and any notes. */
const syncReport = (result: { engine?: string; notes?: string[] }) => ({
  engine: result.engine,
  ...(result.notes?.length ? { notes: result.notes } : {}),
});

/** Decodes `input`, writes vocals + instrumental stems, optionally aligns lyrics on the vocals. */
async function separate(
  deps: Deps,
  task: TaskRow,
  input: string,
  contentType: string,
  lyrics?: string,
  sync?: SyncSettings,
) {
  const vocalsOut = deps.files.scratchPath('-vocals.wav');
  const instrumentalOut = deps.files.scratchPath('-instrumental.wav');
  const result = await deps.dsp.run(
    {
      kind: 'separate',
      input,
      contentType,
      vocalsOut,
      instrumentalOut,
      ...(lyrics !== undefined ? { lyrics, ...(sync ? { sync } : {}) } : {}),
    },
    progressWriter(deps.db, task),
  );
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
  const made = await separate(
    deps,
    task,
    deps.files.pathOf(file.id),
    file.content_type,
    lyrics,
    syncSettings(deps.db, task.project_id, input.aligner),
  );
  let alignmentId: string | undefined;
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
      alignmentId = insertAlignment(deps.db, projectId, {
        model: made.result.engine ?? 'local-energy-aligner',
        name: alignmentName(deps.db, projectId),
        items: made.result.items,
      });
    }
  })();
  // No alignmentId here: the output stays the project-creating variant `{ projectId }` (+ the report).
  return { projectId: task.project_id, ...(alignmentId ? syncReport(made.result) : {}) };
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
  const original = stems.find((s) => s.type === 'original');
  const mix = original && original !== source ? deps.files.row(original.file_id) : undefined;
  const result = await deps.dsp.run(
    {
      kind: 'align',
      vocals: deps.files.pathOf(file.id),
      contentType: file.content_type,
      ...(mix ? { mix: { path: deps.files.pathOf(mix.id), contentType: mix.content_type } } : {}),
      lyrics,
      sync: syncSettings(deps.db, task.project_id),
    },
    progressWriter(deps.db, task),
  );
  if (result.kind !== 'align') throw new Error('unexpected DSP result');
  const alignmentId = deps.db.transaction(() => {
    run(deps.db, 'UPDATE projects SET lyrics = ? WHERE id = ?', lyrics, task.project_id);
    return insertAlignment(deps.db, task.project_id, {
      model: result.engine,
      name: alignmentName(deps.db, task.project_id),
      items: result.items,
    });
  })();
  return { projectId: task.project_id, alignmentId, ...syncReport(result) };
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
