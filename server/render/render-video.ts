import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportFps, ExportQuality, ExportResolution, StyleObject } from '../../src/contract';
import { layoutKaraoke, type LayoutItem } from '../../src/karaoke-layout/layout';
import { alphaMaskScript, assScript } from './ass-video';
import {
  ffmpegArgs,
  frameSize,
  totalDuration,
  type ClipPlan,
  type RenderPlan,
} from './ffmpeg-args';
import { runFfmpeg, type FfmpegRun } from './ffmpeg';
import { familyFor, FALLBACK_FAMILY, installedFamilies } from './fonts';

export interface VideoRequest {
  items: readonly LayoutItem[];
  style: StyleObject;
  title: string;
  artists: readonly string[];
  /** Translations shown under each line (ADR 0017), in this order. */
  languages?: readonly string[] | undefined;
  /** Seconds of the song, and the span of it to render. */
  songLength: number;
  from: number;
  to: number;
  resolution: ExportResolution;
  fps: ExportFps;
  quality: ExportQuality;
  fast: boolean;
  transparent: boolean;
  audioPath?: string | undefined;
  /** The branding logo's image when the style enables it. */
  logo?: { path: string; svg: boolean } | undefined;
  /** Branding clips played before/after the karaoke part (ignored for a transparent video). */
  intro?: ClipPlan | undefined;
  outro?: ClipPlan | undefined;
  /** An empty folder for the script and the video (the caller removes it). */
  dir: string;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

export interface RenderedVideo {
  path: string;
  ext: 'mp4' | 'webm';
  /** Seconds of video (intro + karaoke + outro). */
  duration: number;
  /** What the render changed (a font that fell back). */
  notes: string[];
  run: FfmpegRun;
}

/**
 * One video from an alignment and a style: the shared layout for the frame size, its ASS script
 * (and a white copy for the alpha plane of a transparent video), then ffmpeg + libass.
 */
export async function renderVideo(req: VideoRequest): Promise<RenderedVideo> {
  const { style } = req;
  const { width, height } = frameSize(req.resolution, style.aspectRatio);
  const layout = layoutKaraoke({
    items: req.items,
    style,
    width,
    height,
    title: req.title,
    artists: req.artists,
    duration: req.songLength,
    languages: req.languages,
  });
  const installed = await installedFamilies();
  const fellBack = new Set<string>();
  const family = (requested: string, text: string) => {
    const chosen = familyFor(requested, text, installed);
    if (chosen.fellBack) fellBack.add(requested);
    return chosen.family;
  };
  const assPath = join(req.dir, 'lyrics.ass');
  const script = assScript(layout, { from: req.from, to: req.to, family });
  await writeFile(assPath, script);
  const maskAssPath = req.transparent ? join(req.dir, 'alpha.ass') : undefined;
  if (maskAssPath) await writeFile(maskAssPath, alphaMaskScript(script));
  const notes = [...fellBack].map(
    (requested) =>
      `The font "${requested}" is not installed on the service; the video uses ${FALLBACK_FAMILY} (with Noto's families for other scripts).`,
  );

  let logo: RenderPlan['logo'];
  const logoStyle = style.overlays.branding.logo;
  if (req.logo && logoStyle.enabled && !req.transparent) {
    const w = Math.max(8, Math.min(1, logoStyle.scale) * width);
    const padX = logoStyle.paddingX * layout.scale;
    const padY = logoStyle.paddingY * layout.scale;
    const right = /right/.test(logoStyle.position);
    const bottom = /bottom/.test(logoStyle.position);
    logo = {
      path: req.logo.path,
      width: w,
      // The logo's height is not known before scaling: a square box is assumed for bottom.
      x: right ? width - padX - w : padX,
      y: bottom ? height - padY - w : padY,
      opacity: Math.max(0, Math.min(1, logoStyle.opacity)),
      svg: req.logo.svg,
    };
  }
  const ext = req.transparent ? 'webm' : 'mp4';
  const plan: RenderPlan = {
    width,
    height,
    fps: req.fps,
    duration: req.to - req.from,
    from: req.from,
    quality: req.quality,
    fast: req.fast,
    transparent: req.transparent,
    background: layout.background,
    assPath,
    maskAssPath,
    audioPath: req.audioPath,
    logo,
    intro: req.transparent ? undefined : req.intro,
    outro: req.transparent ? undefined : req.outro,
    outPath: join(req.dir, `video.${ext}`),
  };
  const duration = totalDuration(plan);
  const run = await runFfmpeg(ffmpegArgs(plan), {
    duration,
    signal: req.signal,
    onProgress: req.onProgress,
  });
  return { path: plan.outPath, ext, duration, notes, run };
}
