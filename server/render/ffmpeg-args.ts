import type { ExportQuality, ExportResolution } from '../../src/contract';
import type { Rgba } from '../../src/karaoke-layout/colour';
import type { LaidBackground } from '../../src/karaoke-layout/layout';

/** The short side of each resolution (the long side follows the aspect ratio). */
const SHORT_SIDE: Record<ExportResolution, number> = {
  '360p': 360,
  '480p': 480,
  '720p': 720,
  '1080p': 1080,
  '4k': 2160,
};

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Frame size for a resolution and a style aspect ratio (16:9, 9:16, 1:1). */
export function frameSize(
  resolution: ExportResolution,
  aspectRatio: string,
): { width: number; height: number } {
  const short = SHORT_SIDE[resolution];
  const [a, b] = aspectRatio.split(':').map(Number);
  const ratio = a && b ? a / b : 16 / 9;
  return ratio >= 1
    ? { width: even(short * ratio), height: short }
    : { width: short, height: even(short / ratio) };
}

/** x264 CRF by quality (lower is better), VP9 CRF likewise, AAC/Opus bitrates. */
const X264_CRF: Record<ExportQuality, number> = { draft: 28, standard: 22, high: 18 };
const VP9_CRF: Record<ExportQuality, number> = { draft: 40, standard: 33, high: 26 };
const AUDIO_KBPS: Record<ExportQuality, number> = { draft: 96, standard: 160, high: 256 };

/**
 * x264's look-ahead holds whole frames: a short one, no extra look-ahead frames for threads, and
 * at 4K one B-frame, keep ffmpeg's peak memory near 200 MB at 720p, 300 MB at 1080p (measured).
 */
export const x264Params = (width: number, height: number): string =>
  width * height > 1920 * 1088
    ? 'rc-lookahead=5:sync-lookahead=0:bframes=1'
    : 'rc-lookahead=10:sync-lookahead=0';

/**
 * Fast mode: ultrafast. Standard: veryfast up to 720p, superfast above (the same CRF; 16 % less CPU
 * at 1080p, measured, keeping a 1080p render within twice the 720p time).
 */
export const x264Preset = (plan: Pick<RenderPlan, 'fast' | 'width' | 'height'>): string =>
  plan.fast ? 'ultrafast' : plan.width * plan.height > 1280 * 720 ? 'superfast' : 'veryfast';

/** Threads one render may use (a cap: the API and other tasks share the cores). */
export const renderThreads = (): number => {
  const env = Number(process.env.RENDER_THREADS);
  return Number.isInteger(env) && env > 0 ? env : 2;
};

export interface RenderPlan {
  width: number;
  height: number;
  fps: number;
  /** Seconds of video, and the song's second at its first frame (audio is cut from there). */
  duration: number;
  from: number;
  quality: ExportQuality;
  fast: boolean;
  transparent: boolean;
  background: LaidBackground;
  assPath: string;
  /** Transparent videos: the same script in white, drawn again to make the alpha plane. */
  maskAssPath?: string | undefined;
  audioPath?: string | undefined;
  logo?:
    | {
        path: string;
        /** Width in pixels, position of its top-left corner, opacity 0..1. */
        width: number;
        x: number;
        y: number;
        opacity: number;
        svg: boolean;
      }
    | undefined;
  /** Branding clips played before and after the karaoke part (never with a transparent video). */
  intro?: ClipPlan | undefined;
  outro?: ClipPlan | undefined;
  outPath: string;
}

export interface ClipPlan {
  path: string;
  /** Seconds of it to play (from its start). */
  duration: number;
  hasAudio: boolean;
  /** Seconds of fade from/to black (and silence) at each end; 0 for a cut. */
  fade: number;
}

/** Seconds of the whole video: intro + karaoke + outro. */
export const totalDuration = (plan: Pick<RenderPlan, 'duration' | 'intro' | 'outro'>): number =>
  (plan.intro?.duration ?? 0) + plan.duration + (plan.outro?.duration ?? 0);

const AUDIO_FORMAT = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';

/**
 * A clip's part of the graph: its first `duration` seconds scaled into the frame (letterboxed),
 * at the export's frame rate, faded when asked, with its audio or silence of the same length.
 */
function clipGraph(
  clip: ClipPlan,
  index: number,
  name: string,
  plan: Pick<RenderPlan, 'width' | 'height' | 'fps'>,
): string {
  const { width: W, height: H, fps } = plan;
  const d = clip.duration.toFixed(3);
  const fade = Math.min(clip.fade, clip.duration / 2);
  const vFade =
    fade > 0
      ? `,fade=t=in:st=0:d=${fade.toFixed(3)},fade=t=out:st=${(clip.duration - fade).toFixed(3)}:d=${fade.toFixed(3)}`
      : '';
  const aFade =
    fade > 0
      ? `,afade=t=in:st=0:d=${fade.toFixed(3)},afade=t=out:st=${(clip.duration - fade).toFixed(3)}:d=${fade.toFixed(3)}`
      : '';
  const video =
    `[${index}:v]trim=duration=${d},setpts=PTS-STARTPTS,fps=${fps},` +
    `scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,` +
    `setsar=1,format=yuv420p${vFade}[${name}v]`;
  const audio = clip.hasAudio
    ? `[${index}:a:0]${AUDIO_FORMAT},apad,atrim=duration=${d},asetpts=PTS-STARTPTS${aFade}[${name}a]`
    : `anullsrc=r=48000:cl=stereo,atrim=duration=${d}[${name}a]`;
  return `${video};${audio}`;
}

const hex = (c: Rgba) =>
  `0x${[c.r, c.g, c.b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;

/** A path inside a filter graph: quoted, its specials escaped (scratch paths are plain anyway). */
const filterPath = (path: string) =>
  `'${path.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;

/**
 * ffmpeg's arguments for a render: one frame of background repeated by reference to the frame
 * rate (a colour, a gradient, or nothing for a transparent video), the ASS script drawn by libass,
 * the logo on top, the audio cut to the same span; H.264 yuv420p + AAC in MP4 with faststart, or
 * VP9 with alpha + Opus in WebM when transparent.
 */
export function ffmpegArgs(plan: RenderPlan): string[] {
  const inputs = inputArgs(plan);
  const { graph, out, audioOut } = filterGraph(plan, inputs);
  const args = [...inputs.args, '-filter_complex', graph, '-map', out];
  if (audioOut) args.push('-map', audioOut);
  args.push(...encoderArgs(plan, audioOut !== ''));
  args.push('-r', String(plan.fps), '-t', totalDuration(plan).toFixed(3), plan.outPath);
  return args;
}

/** ffmpeg's inputs, in order, and the index of each optional one (-1 when absent). */
interface Inputs {
  args: string[];
  audio: number;
  logo: number;
  intro: number;
  outro: number;
}

/**
 * One frame of background, converted once, then repeated by reference (`loop`) at the frame rate:
 * no per-frame drawing or conversion, and frames are made as the encoder asks for them.
 */
function backgroundSource(plan: RenderPlan): string {
  const { width: W, height: H, fps } = plan;
  const size = `s=${W}x${H}:r=${fps}:d=${(1 / fps).toFixed(6)}`;
  if (plan.transparent) return `color=c=black:${size}`;
  return plan.background.kind === 'solid'
    ? `color=c=${hex(plan.background.colour)}:${size}`
    : `gradients=${size}:c0=${hex(plan.background.from)}:c1=${hex(plan.background.to)}:x0=0:y0=0:x1=0:y1=${H}:nb_colors=2:speed=0.00001`;
}

function inputArgs(plan: RenderPlan): Inputs {
  const args = ['-y', '-filter_threads', '1', '-f', 'lavfi', '-i', backgroundSource(plan)];
  const inputs: Inputs = { args, audio: -1, logo: -1, intro: -1, outro: -1 };
  let next = 1;
  if (plan.audioPath) {
    inputs.audio = next++;
    if (plan.from > 0) args.push('-ss', plan.from.toFixed(3));
    args.push('-t', plan.duration.toFixed(3), '-i', plan.audioPath);
  }
  if (plan.logo) {
    inputs.logo = next++;
    if (plan.logo.svg) args.push('-f', 'svg_pipe');
    args.push('-i', plan.logo.path);
  }
  // Intro/outro: read once each (a transparent video has none: the caller drops them).
  for (const which of ['intro', 'outro'] as const) {
    const clip = plan.transparent ? undefined : plan[which];
    if (!clip) continue;
    inputs[which] = next++;
    args.push('-i', clip.path);
  }
  return inputs;
}

/** The filter graph: background, subtitles, logo, then intro + karaoke + outro. */
function filterGraph(
  plan: RenderPlan,
  inputs: Inputs,
): { graph: string; out: string; audioOut: string } {
  const format = plan.transparent ? 'yuva420p' : 'yuv420p';
  // libass draws colour but leaves a frame's alpha alone: a transparent video draws the script on
  // black, and again in white for its alpha plane (coverage, with the script's own opacities).
  let graph =
    plan.transparent && plan.maskAssPath
      ? `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,split[c0][m0];[c0]subtitles=${filterPath(plan.assPath)}[c1];` +
        `[m0]subtitles=${filterPath(plan.maskAssPath)},format=gray[m1];[c1][m1]alphamerge,format=yuva420p[sub]`
      : `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,subtitles=${filterPath(plan.assPath)}[sub]`;
  let out = '[sub]';
  if (plan.logo) {
    const l = plan.logo;
    graph +=
      `;[${inputs.logo}:v]scale=${even(l.width)}:-2,format=rgba,colorchannelmixer=aa=${l.opacity.toFixed(3)}[logo]` +
      `;[sub][logo]overlay=x=${Math.round(l.x)}:y=${Math.round(l.y)}:format=auto,format=${format}[v]`;
    out = '[v]';
  }
  const audioOut = inputs.audio >= 0 ? `${inputs.audio}:a:0` : '';
  if (inputs.intro < 0 && inputs.outro < 0) return { graph, out, audioOut };
  return { graph: graph + concatGraph(plan, inputs, out), out: '[cv]', audioOut: '[ca]' };
}

/**
 * intro + karaoke + outro through the concat filter: every part has video and audio (the karaoke
 * part's song, or silence), cut to its own length.
 */
function concatGraph(plan: RenderPlan, inputs: Inputs, video: string): string {
  const d = plan.duration.toFixed(3);
  let graph = `;${video}trim=duration=${d},setpts=PTS-STARTPTS[kv]`;
  graph +=
    inputs.audio >= 0
      ? `;[${inputs.audio}:a:0]${AUDIO_FORMAT},apad,atrim=duration=${d},asetpts=PTS-STARTPTS[ka]`
      : `;anullsrc=r=48000:cl=stereo,atrim=duration=${d}[ka]`;
  const parts: string[] = [];
  if (plan.intro && inputs.intro >= 0) {
    graph += `;${clipGraph(plan.intro, inputs.intro, 'i', plan)}`;
    parts.push('[iv][ia]');
  }
  parts.push('[kv][ka]');
  if (plan.outro && inputs.outro >= 0) {
    graph += `;${clipGraph(plan.outro, inputs.outro, 'o', plan)}`;
    parts.push('[ov][oa]');
  }
  return `${graph};${parts.join('')}concat=n=${parts.length}:v=1:a=1[cv][ca]`;
}

/** The encoders: VP9 with alpha + Opus for a transparent video, else H.264 + AAC with faststart. */
function encoderArgs(plan: RenderPlan, audio: boolean): string[] {
  const q = plan.quality;
  const threads = String(renderThreads());
  if (plan.transparent) {
    const args = [
      '-c:v',
      'libvpx-vp9',
      '-pix_fmt',
      'yuva420p',
      '-b:v',
      '0',
      '-crf',
      String(VP9_CRF[q]),
      '-deadline',
      'realtime',
      '-cpu-used',
      plan.fast ? '8' : '6',
      '-row-mt',
      '1',
      '-auto-alt-ref',
      '0',
      '-threads',
      threads,
    ];
    if (audio) args.push('-c:a', 'libopus', '-b:a', `${Math.min(AUDIO_KBPS[q], 192)}k`);
    return args;
  }
  const args = [
    '-c:v',
    'libx264',
    '-preset',
    x264Preset(plan),
    '-crf',
    String(X264_CRF[q]),
    '-pix_fmt',
    'yuv420p',
    '-threads',
    threads,
    '-x264-params',
    x264Params(plan.width, plan.height),
    '-g',
    String(plan.fps * 4),
  ];
  if (audio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS[q]}k`);
  args.push('-movflags', '+faststart');
  return args;
}
