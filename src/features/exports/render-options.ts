import {
  EXPORT_AUDIO,
  EXPORT_FPS,
  EXPORT_QUALITIES,
  EXPORT_RESOLUTIONS,
  type CreateExport,
  type Export,
  type ExportAudio,
  type ExportFps,
  type ExportQuality,
  type ExportResolution,
  type Project,
} from '../../contract';

/** What the "Render video" form holds; every field has a value (the service's defaults). */
export interface RenderOptions {
  resolution: ExportResolution;
  fps: ExportFps;
  quality: ExportQuality;
  audio: ExportAudio;
  /** '' when the project has no alignment (the form says so and cannot start). */
  alignmentId: string;
  transparent: boolean;
  fast: boolean;
}

export const RESOLUTION_LABELS: Record<ExportResolution, string> = {
  '360p': '360p (640 × 360)',
  '480p': '480p (854 × 480)',
  '720p': '720p HD (1280 × 720)',
  '1080p': '1080p Full HD (1920 × 1080)',
  '4k': '4K (3840 × 2160)',
};
export const QUALITY_LABELS: Record<ExportQuality, string> = {
  draft: 'Draft (small file)',
  standard: 'Standard',
  high: 'High (large file)',
};
export const AUDIO_LABELS: Record<ExportAudio, string> = {
  instrumental: 'Instrumental (karaoke)',
  original: 'Original song (with vocals)',
  none: 'No audio',
};
export { EXPORT_AUDIO, EXPORT_FPS, EXPORT_QUALITIES, EXPORT_RESOLUTIONS };

export const hasInstrumental = (project: Pick<Project, 'stems'>) =>
  project.stems.some((stem) => stem.type === 'instrumental');

/**
 * The form's first values: the service's defaults (720p, 30 fps, standard), the instrumental stem
 * when the project has one (else the original song), and the given alignment, else the active one.
 */
export function defaultRenderOptions(
  project: Pick<Project, 'stems' | 'alignments'>,
  alignmentId?: string,
): RenderOptions {
  const alignment =
    project.alignments.find((a) => a.id === alignmentId) ??
    project.alignments.find((a) => a.selected) ??
    project.alignments[0];
  return {
    resolution: '720p',
    fps: 30,
    quality: 'standard',
    audio: hasInstrumental(project) ? 'instrumental' : 'original',
    alignmentId: alignment?.id ?? '',
    transparent: false,
    fast: false,
  };
}

/** The request body for the form's values. */
export function renderRequest(options: RenderOptions): CreateExport {
  return {
    resolution: options.resolution,
    fps: options.fps,
    quality: options.quality,
    audio: options.audio,
    transparent: options.transparent,
    renderMode: options.fast ? 'fast' : 'standard',
    ...(options.alignmentId ? { alignmentId: options.alignmentId } : {}),
  };
}

const oneOf = <T extends string | number>(list: readonly T[], value: unknown): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/**
 * "Retry" of a failed or cancelled export: the same request again, from what the export records.
 * Values the service did not record (or no longer accepts) are left out: its defaults apply.
 */
export function retryRequest(item: Export): CreateExport {
  const body: CreateExport = {};
  const resolution = oneOf(EXPORT_RESOLUTIONS, item.resolution);
  const fps = oneOf(EXPORT_FPS, item.fps);
  const quality = oneOf(EXPORT_QUALITIES, item.quality);
  const audio = oneOf(EXPORT_AUDIO, item.audio);
  if (resolution) body.resolution = resolution;
  if (fps) body.fps = fps;
  if (quality) body.quality = quality;
  if (audio) body.audio = audio;
  if (typeof item.transparent === 'boolean') body.transparent = item.transparent;
  if (item.renderMode) body.renderMode = item.renderMode;
  if (item.alignmentId) body.alignmentId = item.alignmentId;
  if (item.range && item.range.end > item.range.start) body.range = { ...item.range };
  return body;
}

/** One line that says what an export is: "720p · 30 fps · standard · transparent · fast". */
export function exportSummary(item: Export): string {
  const parts = [
    item.resolution ?? 'default size',
    item.fps ? `${item.fps} fps` : null,
    item.quality ?? null,
    item.transparent ? 'transparent' : null,
    item.renderMode === 'fast' ? 'fast' : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** A file name for the download: the project's title, the size, the container. */
export function downloadName(title: string, item: Export): string {
  const safe =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'karaoke';
  const size = item.resolution ? ` (${item.resolution})` : '';
  return `${safe}${size}.${item.transparent ? 'webm' : 'mp4'}`;
}
