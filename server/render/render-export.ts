import { mkdir, rm } from 'node:fs/promises';
import type { AlignmentItem } from '../../src/contract';
import type { Db } from '../db/database';
import { fileRow, markFileUsed } from '../db/files';
import { completeExport } from '../db/library';
import type { ProjectRow } from '../db/projects';
import { projectStems } from '../db/projects';
import type { TaskRow } from '../db/tasks';
import { adoptFile, removeFile, type FileStore } from '../storage/file-store';
import { DspUserError } from '../tasks/dsp-errors';
import { progressWriter } from '../tasks/progress';
import type { Finished, TaskRun } from '../tasks/queue';
import type { ExportTaskInput } from './export-request';
import type { ClipPlan } from './ffmpeg-args';
import { FfmpegError, probeClip } from './ffmpeg';
import { renderVideo, type RenderedVideo } from './render-video';

interface Deps {
  db: Db;
  files: FileStore;
}

/** Seconds of video after the last word when the song's length is unknown (no audio). */
const TAIL_SECONDS = 2;

const safeName = (title: string) =>
  title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, 120) || 'karaoke';

/** The account's logo media for the branding overlay: the one the style names, else the newest. */
async function logoFile(db: Db, accountId: string, mediaId: unknown) {
  const row =
    typeof mediaId === 'string'
      ? await db.one<{ file_id: string | null }>(
          `SELECT file_id FROM media WHERE account_id = ? AND id = ? AND status = 'ready'`,
          accountId,
          mediaId,
        )
      : await db.one<{ file_id: string | null }>(
          `SELECT file_id FROM media WHERE account_id = ? AND type = 'logo' AND status = 'ready'
           ORDER BY created_at DESC LIMIT 1`,
          accountId,
        );
  return row?.file_id ? fileRow(db, row.file_id) : undefined;
}

/**
 * The intro/outro media for the branding: the video the style names, else the account's newest
 * ready `intro-video`/`outro-video`. Undefined (with the reason) when there is none usable.
 */
async function clipFile(
  db: Db,
  accountId: string,
  mediaId: string | undefined,
  type: 'intro-video' | 'outro-video',
): Promise<{ file?: Awaited<ReturnType<typeof fileRow>>; reason?: string }> {
  const row = mediaId
    ? await db.one<{ file_id: string | null; status: string }>(
        `SELECT file_id, status FROM media WHERE account_id = ? AND id = ?`,
        accountId,
        mediaId,
      )
    : await db.one<{ file_id: string | null; status: string }>(
        `SELECT file_id, status FROM media WHERE account_id = ? AND type = ? AND status = 'ready'
         ORDER BY created_at DESC LIMIT 1`,
        accountId,
        type,
      );
  if (!row) {
    return {
      reason: mediaId ? `media item ${mediaId} does not exist` : `the account has no ${type}`,
    };
  }
  if (row.status !== 'ready') return { reason: `its media item is ${row.status}` };
  const file = row.file_id ? await fileRow(db, row.file_id) : undefined;
  if (!file) return { reason: 'its file is gone' };
  if (!file.content_type.startsWith('video/')) {
    return { reason: `its media item is not a video (${file.content_type})` };
  }
  return { file };
}

/** What a render reads before it starts: the project, its words, the audio and the span. */
interface RenderSource {
  project: ProjectRow;
  items: AlignmentItem[];
  stem: Awaited<ReturnType<typeof projectStems>>[number] | undefined;
  songLength: number;
  from: number;
  to: number;
}

async function renderSource(db: Db, task: TaskRow, input: ExportTaskInput): Promise<RenderSource> {
  const project = await db.one<ProjectRow>('SELECT * FROM projects WHERE id = ?', task.project_id);
  if (!project) throw new DspUserError('The project is gone.');
  const alignment = await db.one<{ items_json: string }>(
    'SELECT items_json FROM alignments WHERE id = ? AND project_id = ?',
    input.alignmentId,
    project.id,
  );
  if (!alignment) throw new DspUserError('The alignment to render was deleted.');
  const items = JSON.parse(alignment.items_json) as AlignmentItem[];
  if (!items.some((i) => i.text.trim() !== '')) {
    throw new DspUserError('The alignment has no words to show.');
  }
  const stems = await projectStems(db, project.id);
  const stem = input.audio === 'none' ? undefined : stems.find((s) => s.type === input.audio);
  if (input.audio !== 'none' && !stem) {
    throw new DspUserError(`The project has no ${input.audio} audio any more.`);
  }
  const lastEnd = items.reduce((m, i) => Math.max(m, i.end), 0);
  const songLength = stem?.duration ?? project.duration ?? lastEnd + TAIL_SECONDS;
  const trim = input.style.trim;
  const from = input.range ? input.range.start : Math.max(0, trim.startSeconds);
  const to = input.range
    ? Math.min(input.range.end, songLength)
    : trim.endSeconds > 0
      ? Math.min(trim.endSeconds, songLength)
      : songLength;
  if (to - from < 0.1) throw new DspUserError('Nothing of the song is left to render.');
  return { project, items, stem, songLength, from, to };
}

/** Local copies of stored files for one render, released together at its end. */
class Copies {
  private readonly release: (() => Promise<void>)[] = [];
  constructor(private readonly files: FileStore) {}

  async path(fileId: string): Promise<string> {
    const copy = await this.files.localCopy(fileId);
    this.release.push(() => copy.release());
    return copy.path;
  }

  async releaseAll(): Promise<void> {
    for (const r of this.release) await r().catch(() => undefined);
  }
}

/** The logo to draw, or a note why none is drawn. */
async function logoOf(
  deps: Deps,
  task: TaskRow,
  input: ExportTaskInput,
  copies: Copies,
  notes: string[],
): Promise<{ path: string; svg: boolean } | undefined> {
  const logoStyle = input.style.overlays.branding
    .logo as typeof input.style.overlays.branding.logo & {
    mediaId?: unknown;
  };
  if (!logoStyle.enabled || input.transparent) return undefined;
  const file = await logoFile(deps.db, task.account_id, logoStyle.mediaId);
  if (!file) {
    notes.push('The logo is enabled but the account has no ready logo media: none is shown.');
    return undefined;
  }
  return { path: await copies.path(file.id), svg: file.content_type === 'image/svg+xml' };
}

/** The intro and outro videos to play, each with a note when it is enabled but left out. */
async function clipsOf(
  deps: Deps,
  task: TaskRow,
  input: ExportTaskInput,
  copies: Copies,
  notes: string[],
  signal: AbortSignal,
): Promise<{ intro?: ClipPlan; outro?: ClipPlan }> {
  const clips: { intro?: ClipPlan; outro?: ClipPlan } = {};
  for (const which of ['intro', 'outro'] as const) {
    const clipStyle = input.style.overlays.branding[which];
    if (!clipStyle.enabled) continue;
    const Which = which === 'intro' ? 'Intro' : 'Outro';
    if (input.transparent) {
      notes.push(
        `${Which} videos are not supported in a transparent export: the video has no ${which}.`,
      );
      continue;
    }
    const found = await clipFile(deps.db, task.account_id, clipStyle.mediaId, `${which}-video`);
    if (!found.file) {
      notes.push(`The ${which} is enabled but ${found.reason}: the video has no ${which}.`);
      continue;
    }
    const path = await copies.path(found.file.id);
    const probe = await probeClip(path, signal);
    if (!probe?.hasVideo || probe.duration <= 0) {
      notes.push(`The ${which} file cannot be read as a video: the video has no ${which}.`);
      continue;
    }
    const wanted = clipStyle.durationSeconds > 0 ? clipStyle.durationSeconds : probe.duration;
    clips[which] = {
      path,
      duration: Math.min(wanted, probe.duration),
      hasAudio: probe.hasAudio,
      fade: clipStyle.effect === 'fade' ? Math.max(0, clipStyle.effectDuration) : 0,
    };
  }
  return clips;
}

/**
 * Runs the render with `{ projectId, exportId, progress }` reports; a write that finds the task
 * no longer ours (cancelled from another process) stops it, as the task's own signal does.
 */
async function renderWithProgress(
  task: TaskRow,
  input: ExportTaskInput,
  run: TaskRun,
  options: Omit<Parameters<typeof renderVideo>[0], 'signal' | 'onProgress'>,
): Promise<RenderedVideo> {
  const { signal } = run;
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const progress = progressWriter(run, task, {
    extra: { exportId: input.exportId },
    onLost: () => controller.abort(new Error('The task is no longer ours.')),
  });
  try {
    progress(0);
    return await renderVideo({ ...options, signal: controller.signal, onProgress: progress });
  } catch (error) {
    if (error instanceof FfmpegError) {
      throw new DspUserError(`The video could not be rendered: ${error.message}`);
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * The `export-project` task: lays the alignment out with the project's style (the shared layout
 * module), writes the ASS script, has ffmpeg + libass render it over the background with the
 * chosen audio, and stores the file; the commit marks the export completed. Everything is written
 * in one scratch folder removed at the end, whatever happens (failure, cancel).
 */
export async function renderExport(
  deps: Deps,
  task: TaskRow,
  input: ExportTaskInput,
  run: TaskRun,
): Promise<Finished> {
  const { db, files } = deps;
  const { project, items, stem, songLength, from, to } = await renderSource(db, task, input);
  const dir = files.scratchPath('-render');
  await mkdir(dir, { recursive: true });
  const copies = new Copies(files);
  try {
    const audioFile = stem && (await fileRow(db, stem.file_id));
    if (stem && !audioFile) throw new DspUserError('The audio file of the project is gone.');
    const audioPath = audioFile ? await copies.path(audioFile.id) : undefined;
    const notes: string[] = [];
    const logo = await logoOf(deps, task, input, copies, notes);
    const clips = await clipsOf(deps, task, input, copies, notes, run.signal);
    const video = await renderWithProgress(task, input, run, {
      items,
      style: input.style,
      title: project.title,
      artists: JSON.parse(project.artists_json) as string[],
      languages: displayLanguagesOf(project.settings_json, items),
      songLength,
      from,
      to,
      resolution: input.resolution,
      fps: input.fps,
      quality: input.quality,
      fast: input.renderMode === 'fast',
      transparent: input.transparent,
      audioPath,
      logo,
      intro: clips.intro,
      outro: clips.outro,
      dir,
    });
    notes.push(...video.notes);
    return await storeVideo(deps, task, input, project, video, notes);
  } finally {
    await copies.releaseAll();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Adopts the rendered file; the commit marks the export completed with it. */
async function storeVideo(
  deps: Deps,
  task: TaskRow,
  input: ExportTaskInput,
  project: ProjectRow,
  video: RenderedVideo,
  notes: readonly string[],
): Promise<Finished> {
  const { db, files } = deps;
  const fileId = await adoptFile(db, files, {
    accountId: task.account_id,
    filename: `${safeName(project.title)}.${video.ext}`,
    contentType: input.transparent ? 'video/webm' : 'video/mp4',
    path: video.path,
  });
  const stored = await fileRow(db, fileId);
  return {
    discard: () => removeFile(db, files, fileId),
    async commit(tx: Db) {
      await markFileUsed(tx, fileId, project.id);
      await completeExport(tx, input.exportId, {
        fileId,
        fileKey: `exports/${input.exportId}.${video.ext}`,
        fileSize: stored?.size ?? 0,
        duration: Math.round(video.duration * 1000) / 1000,
      });
      return {
        projectId: project.id,
        exportId: input.exportId,
        fileSize: stored?.size ?? 0,
        ...(notes.length ? { notes } : {}),
      };
    },
  };
}

/**
 * The translations shown under the lines (ADR 0017): the project's `displayLanguages`, or, when it
 * names none ("All", as the settings page says), every language the items carry.
 */
function displayLanguagesOf(settingsJson: string, items: readonly AlignmentItem[]): string[] {
  let langs: unknown;
  try {
    langs = (JSON.parse(settingsJson) as { displayLanguages?: unknown }).displayLanguages;
  } catch {
    langs = undefined;
  }
  const named = Array.isArray(langs) ? langs.filter((l): l is string => typeof l === 'string') : [];
  if (named.length) return named;
  const all = new Set<string>();
  for (const item of items) if (item.translations) for (const k in item.translations) all.add(k);
  return [...all].sort();
}
