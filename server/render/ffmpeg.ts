import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** How nice a render is: below the API and the DSP threads (server/workers/priority.ts). */
export const RENDER_NICENESS = 10;

export interface FfmpegRun {
  /** Peak resident memory of the ffmpeg process (bytes, from /proc; 0 when unknown). */
  peakRss: number;
  /** CPU seconds it used (user + system, from /proc; 0 when unknown). */
  cpuSeconds: number;
}

export class FfmpegError extends Error {}

/** Peak RSS (VmHWM) and CPU time of a live process, from /proc (Linux). */
function sample(pid: number): { rss: number; cpu: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rss: Number(hwm ?? 0) * 1024, cpu: ticks / 100 };
  } catch {
    return undefined;
  }
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('aborted');

function spawnNiced(args: readonly string[]): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, RENDER_NICENESS);
    } catch {
      // Not allowed here: it runs at our priority.
    }
  }
  return child;
}

/** Peak memory and CPU of a running ffmpeg, sampled every 250 ms and once more at its end. */
function watchUsage(pid: number | undefined): {
  run: FfmpegRun;
  sample: () => void;
  stop: () => void;
} {
  const run: FfmpegRun = { peakRss: 0, cpuSeconds: 0 };
  const take = () => {
    const s = pid === undefined ? undefined : sample(pid);
    if (s) {
      run.peakRss = Math.max(run.peakRss, s.rss);
      run.cpuSeconds = s.cpu;
    }
  };
  const poll = setInterval(take, 250);
  return { run, sample: take, stop: () => clearInterval(poll) };
}

/** Calls `onLine` for each line of a text stream. */
function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}

/**
 * Runs ffmpeg with `args` (its own `-progress pipe:1` added), niced, reporting progress as the
 * fraction of `duration` seconds written. `signal` kills it (SIGKILL: nothing to flush, the caller
 * removes the partial output). Rejects with the end of ffmpeg's stderr when it fails.
 */
export function runFfmpeg(
  args: readonly string[],
  options: {
    duration: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<FfmpegRun> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const child = spawnNiced(args);
    const usage = watchUsage(child.pid);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    eachLine(child.stdout, (line) => {
      const m = /^out_time_us=(\d+)/.exec(line);
      if (m && options.duration > 0) {
        options.onProgress?.(Math.min(1, Number(m[1]) / 1e6 / options.duration));
      }
      if (line === 'progress=end') usage.sample();
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      usage.stop();
      signal?.removeEventListener('abort', abort);
    };
    child.on('error', (error) => {
      done();
      reject(
        new FfmpegError(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'ffmpeg is not installed on the service (Debian package ffmpeg).'
            : `ffmpeg could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code, killedBy) => {
      done();
      if (signal?.aborted) reject(abortReason(signal));
      else if (code === 0) resolve(usage.run);
      else {
        const tail = stderr.trim().split('\n').slice(-3).join(' ');
        reject(new FfmpegError(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${tail}`));
      }
    });
  });
}

export interface ClipProbe {
  /** Seconds (0 when unknown). */
  duration: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** What an intro/outro file holds (ffprobe); undefined when ffprobe cannot read it. */
export function probeClip(path: string, signal?: AbortSignal): Promise<ClipProbe | undefined> {
  return new Promise((resolve) => {
    const child = spawn(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,duration:format=duration',
        '-of',
        'json',
        path,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'], signal },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      if (code !== 0) return resolve(undefined);
      try {
        const json = JSON.parse(out) as {
          streams?: { codec_type?: string; duration?: string }[];
          format?: { duration?: string };
        };
        const types = (json.streams ?? []).map((s) => s.codec_type);
        // The picture's own length (an AAC track's priming makes the container's longer).
        const video = json.streams?.find((s) => s.codec_type === 'video');
        const duration = Number(video?.duration ?? json.format?.duration);
        resolve({
          duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
          hasVideo: types.includes('video'),
          hasAudio: types.includes('audio'),
        });
      } catch {
        resolve(undefined);
      }
    });
  });
}
