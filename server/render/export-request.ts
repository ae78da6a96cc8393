import {
  StyleObjectSchema,
  type CreateExport,
  type ExportAudio,
  type ExportFps,
  type ExportQuality,
  type ExportResolution,
  type StyleObject,
} from '../../src/contract';
import { styleIssues } from '../../src/karaoke-layout/style-check';
import type { Db } from '../db/database';
import { projectStems, projectSettings, type ProjectRow } from '../db/projects';
import { InvalidRequestError, type FieldIssue } from '../errors';

/** What a render task is asked to do: the request with its defaults, frozen at request time. */
export interface ExportTaskInput {
  exportId: string;
  alignmentId: string;
  resolution: ExportResolution;
  fps: ExportFps;
  quality: ExportQuality;
  transparent: boolean;
  renderMode: 'standard' | 'fast';
  audio: ExportAudio;
  /** Seconds of the song to render; the whole song (less the style's trim) when absent. */
  range?: { start: number; end: number };
  /** The project's style when the export was asked for (later edits do not change this render). */
  style: StyleObject;
}

const invalid = (errors: FieldIssue[], detail = 'The export cannot be rendered.') =>
  new InvalidRequestError(detail, errors);

/** The style a render of this project uses: the project's own, else its preset's. */
export async function effectiveStyle(db: Db, project: ProjectRow): Promise<StyleObject> {
  const settings = await projectSettings(db, project);
  const parsed = StyleObjectSchema.safeParse(settings.settings.style ?? settings.preset);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((i) => ({
        path: ['settings', 'style', ...i.path.map(String)].join('.'),
        message: i.message,
      })),
      "The project's style is not valid.",
    );
  }
  return parsed.data;
}

/**
 * Checks a render request against the project (InvalidRequestError naming the field when it
 * cannot be rendered: no alignment, an empty one, a missing stem, a style value out of range, a
 * range outside the song; the route answers 422) and fills in its defaults.
 */
export async function exportTaskInput(
  db: Db,
  project: ProjectRow,
  body: CreateExport,
): Promise<Omit<ExportTaskInput, 'exportId'>> {
  const alignmentId = body.alignmentId ?? project.selected_alignment_id;
  if (!alignmentId) {
    throw invalid(
      [{ path: 'alignmentId', message: 'the project has no alignment yet: sync the lyrics first' }],
      'The project has no lyrics timing to render.',
    );
  }
  const alignment = await db.one<{ head: string; len: number }>(
    'SELECT substr(items_json, 1, 32) AS head, length(items_json) AS len FROM alignments WHERE id = ? AND project_id = ?',
    alignmentId,
    project.id,
  );
  if (!alignment) {
    throw invalid([{ path: 'alignmentId', message: 'no alignment with this id in the project' }]);
  }
  if (Number(alignment.len) < 32 && /^\s*\[\s*\]\s*$/.test(alignment.head)) {
    throw invalid(
      [{ path: 'alignmentId', message: 'the alignment has no words' }],
      'The alignment is empty: there are no words to show.',
    );
  }
  const audio = body.audio ?? 'instrumental';
  if (audio !== 'none') {
    const stems = await projectStems(db, project.id);
    if (!stems.some((s) => s.type === audio)) {
      const message =
        audio === 'instrumental'
          ? 'the project has no instrumental stem: run a stem separation, or choose audio "original" or "none"'
          : 'the project has no original audio: choose audio "none"';
      throw invalid([{ path: 'audio', message }]);
    }
  }
  const style = await effectiveStyle(db, project);
  const issues = styleIssues(style);
  if (issues.length > 0) {
    throw invalid(
      issues.map((i) => ({ path: `settings.style.${i.path}`, message: i.message })),
      "A value of the project's style is out of the renderer's range.",
    );
  }
  const duration = project.duration ?? 0;
  if (body.range && duration > 0 && body.range.start >= duration) {
    throw invalid([
      { path: 'range.start', message: `must be before the end of the song (${duration} s)` },
    ]);
  }
  const trim = style.trim;
  if (!body.range && duration > 0) {
    const end = trim.endSeconds > 0 ? Math.min(duration, trim.endSeconds) : duration;
    if (end - trim.startSeconds <= 0) {
      throw invalid([
        {
          path: 'settings.style.trim',
          message: 'the trim leaves nothing of the song',
        },
      ]);
    }
  }
  return {
    alignmentId,
    resolution: body.resolution ?? '720p',
    fps: body.fps ?? 30,
    quality: body.quality ?? 'standard',
    transparent: body.transparent ?? false,
    renderMode: body.renderMode ?? 'standard',
    audio,
    ...(body.range ? { range: body.range } : {}),
    style,
  };
}
