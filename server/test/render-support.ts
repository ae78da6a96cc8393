import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  defaultStyle,
  ProjectSettingsBodySchema,
  TaskSchema,
  type AlignmentItem,
  type StyleObject,
  type Task,
} from '../../src/contract';
import { insertAlignment } from '../db/alignments';
import { addStem, createProject } from '../db/projects';
import { adoptFile } from '../storage/file-store';
import { call, parsed, type Running } from './harness';

const run = promisify(execFile);

/** A stereo WAV of `seconds` (a soft chord) made by ffmpeg, stored as a file of `accountId`. */
export async function toneFile(svc: Running, accountId: string, seconds: number): Promise<string> {
  const { files, db } = svc.service.services;
  const path = files.scratchPath('-tone.wav');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=f=220:d=${seconds},volume=0.2`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=330:d=${seconds},volume=0.2`,
    '-filter_complex',
    'amerge=inputs=2',
    '-ar',
    '44100',
    '-f',
    'wav',
    path,
  ]);
  return adoptFile(db, files, { accountId, filename: 'tone.wav', contentType: 'audio/wav', path });
}

/**
 * A project made straight in the database (no separation or sync to wait for): `stems` of a
 * `seconds`-long tone, an alignment of `items` (selected) unless null, the style given.
 */
export async function makeProject(
  svc: Running,
  accountId: string,
  o: {
    items: AlignmentItem[] | null;
    seconds: number;
    stems?: ('original' | 'instrumental' | 'vocals')[];
    style?: StyleObject;
    title?: string;
    artists?: string[];
  },
): Promise<{ projectId: string; alignmentId: string | null }> {
  const { db } = svc.service.services;
  const projectId = await createProject(db, {
    accountId,
    title: o.title ?? 'Render Test',
    artists: o.artists ?? ['Test Band'],
  });
  const settings = ProjectSettingsBodySchema.parse({ style: o.style ?? defaultStyle() });
  await db.run(
    'UPDATE projects SET duration = ?, settings_json = ? WHERE id = ?',
    o.seconds,
    JSON.stringify(settings),
    projectId,
  );
  const fileId = await toneFile(svc, accountId, o.seconds);
  for (const type of o.stems ?? ['original', 'instrumental']) {
    await addStem(db, { projectId, type, model: 'test', fileId, duration: o.seconds });
  }
  const alignmentId =
    o.items === null
      ? null
      : await insertAlignment(db, projectId, { model: 'test', name: 'Test', items: o.items });
  return { projectId, alignmentId };
}

/** Lines of words, each word `wordSeconds` long, one after the other from `from`. */
export function lyricItems(
  lines: readonly string[],
  from: number,
  wordSeconds = 0.6,
  lineGap = 0.4,
  singers?: readonly number[],
): AlignmentItem[] {
  const items: AlignmentItem[] = [];
  let t = from;
  lines.forEach((text, line) => {
    text.split(' ').forEach((word, w) => {
      items.push({
        line,
        word: w,
        subword: 0,
        start: +t.toFixed(3),
        end: +(t + wordSeconds).toFixed(3),
        text: word,
        ...(singers ? { singer: singers[line] ?? 0 } : {}),
      });
      t += wordSeconds;
    });
    t += lineGap;
  });
  return items;
}

/** Polls a task until it ends (about 120 s at most: renders take longer than DSP tasks in tests). */
export async function waitForEnd(api: string, taskId: string, key: string): Promise<Task> {
  for (let i = 0; i < 1200; i++) {
    const task = parsed(TaskSchema, await call(`${api}/tasks/${taskId}`, { key }));
    if (['completed', 'failed', 'cancelled', 'timed-out'].includes(task.status)) return task;
    await sleep(100);
  }
  throw new Error(`task ${taskId} did not end`);
}

export interface Probe {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    r_frame_rate?: string;
    tags?: Record<string, string>;
  }[];
  format: { duration: string; format_name: string };
}

export function ffprobe(path: string): Probe {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as Probe;
}

/** ffmpeg's arguments that write the frame at `t` seconds of `path` (`before`: ahead of the input). */
const oneFrame = (path: string, t: number, before: string[], output: string[]) => [
  '-v',
  'error',
  ...before,
  '-ss',
  String(t),
  '-i',
  path,
  '-frames:v',
  '1',
  ...output,
];

/** One frame at `t` seconds as raw RGBA (decoded with libvpx for VP9, so alpha is kept). */
export function frameRgba(path: string, t: number, width: number, height: number): Uint8Array {
  const vp9 = path.endsWith('.webm') ? ['-c:v', 'libvpx-vp9'] : [];
  const out = execFileSync(
    'ffmpeg',
    oneFrame(path, t, vp9, ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-']),
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  if (bytes.length !== width * height * 4) throw new Error(`frame of ${bytes.length} bytes`);
  return bytes;
}

/** Pixels whose colour is within `tolerance` of `rgb` (per channel), in a box of the frame. */
export function countNear(
  frame: Uint8Array,
  width: number,
  rgb: readonly [number, number, number],
  tolerance = 40,
  box?: { x0: number; y0: number; x1: number; y1: number },
): number {
  let n = 0;
  const height = frame.length / 4 / width;
  const b = box ?? { x0: 0, y0: 0, x1: width, y1: height };
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const i = (y * width + x) * 4;
      if (
        Math.abs((frame[i] as number) - rgb[0]) <= tolerance &&
        Math.abs((frame[i + 1] as number) - rgb[1]) <= tolerance &&
        Math.abs((frame[i + 2] as number) - rgb[2]) <= tolerance
      )
        n++;
    }
  }
  return n;
}

/** Tesseract's reading of the frame at `t` (grey, inverted: dark text on light reads best). */
export function ocr(path: string, t: number, scratch: string): string {
  const png = join(scratch, `ocr-${t}.png`);
  execFileSync('ffmpeg', oneFrame(path, t, ['-y'], ['-vf', 'format=gray,negate', png]));
  return execFileSync('tesseract', [png, '-', '--psm', '6'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/** ffmpeg processes whose command line mentions `text` (a data directory). */
export function ffmpegProcessesWith(text: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmd.startsWith('ffmpeg') && cmd.includes(text)) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}
