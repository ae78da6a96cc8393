// Karaoke video renders (issue 23), the renderer's own code path (server/render/render-video.ts):
// a 3-minute song at 720p30 in at most 0.33x its length, in fast mode 0.2x, 1080p at most twice the
// 720p time, ffmpeg's peak memory under 500 MB; then the service in its own process, polled while
// it renders the demo song at 720p: p95 under 3x the idle p95.
// The song: the first 3 minutes of a real one from ../shared/data/songs (its UltraStar words) when
// present, else a synthetic one (a chord and generated lyrics) of the same length. Wall time is the
// budgeted figure (as the issue states it); ffmpeg's CPU seconds are printed beside it (`.cpu`,
// budgeted at twice the wall budget: two cores), since other work on the machine slows the wall.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultStyle, type AlignmentItem, type ExportResolution } from '../src/contract';
import { parseUltraStar } from '../server/audio/ultrastar';
import { renderVideo } from '../server/render/render-video';
import { synthWav } from '../src/dsp/wav-encode';
import { benchTempDir, startService } from './lib/cleanup';
import { songsDir } from './lib/real-songs';
import { serviceJson } from './lib/service-api';
import { report } from './report';

const root = join(import.meta.dirname, '..');
const SONG_SECONDS = 180;

execFileSync(process.execPath, [join(root, 'scripts', 'ensure-render-tools.mjs')], {
  stdio: 'inherit',
});

const songs = songsDir(root);

const tmp = benchTempDir('karaoke-bench-render');

/** A real song (its first 3 minutes) or a synthetic one. */
function song(): { items: AlignmentItem[]; audio: string; title: string } {
  for (const name of ['pornophonique-space-invaders', 'joshua-morin-on-the-run']) {
    const dir = join(songs, name);
    if (!songs || !existsSync(join(dir, 'song.txt')) || !existsSync(join(dir, 'audio.mp3'))) {
      continue;
    }
    const ref = parseUltraStar(readFileSync(join(dir, 'song.txt'), 'utf8'));
    const items = ref.words
      .filter((w) => w.start < SONG_SECONDS)
      .map((w) => ({
        line: w.line,
        word: w.word,
        subword: 0,
        start: w.start,
        end: w.end,
        text: w.text,
      }));
    return { items, audio: join(dir, 'audio.mp3'), title: name };
  }
  console.error('render bench: no real song in ../shared/data/songs or SONGS_DIR: a synthetic one');
  // A chord, 220 Hz left and 277 Hz right, at ffmpeg's sine level (1/8).
  const audio = join(tmp, 'synthetic.wav');
  const rate = 44100;
  const hz = [220, 277];
  const at = (i: number, c: number) => Math.sin((2 * Math.PI * (hz[c] ?? 0) * i) / rate) / 8;
  writeFileSync(audio, synthWav(rate, SONG_SECONDS * rate, 2, at));
  const words = 'the night is young and we are singing all along the river'.split(' ');
  const items: AlignmentItem[] = [];
  let t = 8;
  for (let line = 0; t < SONG_SECONDS - 5; line++) {
    for (let word = 0; word < 7; word++) {
      items.push({
        line,
        word,
        subword: 0,
        start: t,
        end: t + 0.35,
        text: words[(line + word) % words.length] ?? 'la',
      });
      t += 0.42;
    }
    t += line % 12 === 11 ? 12 : 1.2; // an instrumental break now and then
  }
  return { items, audio, title: 'Synthetic song' };
}

const { items, audio, title } = song();

async function once(resolution: ExportResolution, fast: boolean) {
  const dir = join(tmp, `${resolution}-${fast ? 'fast' : 'std'}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const video = await renderVideo({
    items,
    style: defaultStyle(),
    title,
    artists: ['Bench'],
    songLength: SONG_SECONDS,
    from: 0,
    to: SONG_SECONDS,
    resolution,
    fps: 30,
    quality: 'standard',
    fast,
    transparent: false,
    audioPath: audio,
    dir,
  });
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return { ms, cpu: video.run.cpuSeconds, rss: video.run.peakRss };
}

const fig = (name: string, value: number, budget: number, unit: string) =>
  report(name, [value], budget, unit);

// 720p, 1080p and fast mode one after the other (BENCH_RENDER_ROUNDS=2: interleaved twice, best of each).
const runs: Record<string, { ms: number; cpu: number; rss: number }[]> = {
  '720p': [],
  '1080p': [],
  fast: [],
};
const rounds = Number(process.env.BENCH_RENDER_ROUNDS) || 1;
for (let round = 0; round < rounds; round++) {
  for (const [key, resolution, fast] of [
    ['720p', '720p', false],
    ['1080p', '1080p', false],
    ['fast', '720p', true],
  ] as const) {
    const r = await once(resolution, fast);
    runs[key]?.push(r);
    console.error(
      `render bench: ${key} ${Math.round(r.ms)} ms wall, ${r.cpu.toFixed(1)} s CPU, ${Math.round(r.rss / 1048576)} MB`,
    );
  }
}
const best = (k: string, f: 'ms' | 'cpu') => Math.min(...(runs[k] ?? []).map((r) => r[f]));
const length = SONG_SECONDS * 1000;
fig('render.3min.720p30.wall', best('720p', 'ms'), 0.33 * length, 'ms');
fig('render.3min.720p30.cpu', best('720p', 'cpu'), 0.66 * SONG_SECONDS, 's');
fig('render.3min.720p30-fast.wall', best('fast', 'ms'), 0.2 * length, 'ms');
fig('render.3min.720p30-fast.cpu', best('fast', 'cpu'), 0.4 * SONG_SECONDS, 's');
fig('render.3min.1080p30.wall', best('1080p', 'ms'), 0.66 * length, 'ms');
fig('render.3min.1080p-vs-720p.wall', best('1080p', 'ms') / best('720p', 'ms'), 2, 'x');
fig('render.3min.1080p-vs-720p.cpu', best('1080p', 'cpu') / best('720p', 'cpu'), 2, 'x');
const peak =
  Math.max(
    ...Object.values(runs)
      .flat()
      .map((r) => r.rss),
  ) /
  1024 /
  1024;
fig('render.ffmpeg.peak-rss', peak, 500, 'MB');

// The service stays responsive while it renders: one client polls GET /tasks/{id} every 50 ms,
// idle first, then while the demo song renders at 720p.
const KEY = 'bench-key-render-0123456789';
const service = await startService({
  args: ['--import', 'tsx', 'server/main.ts'],
  cwd: root,
  env: { DATA_DIR: benchTempDir('karaoke-bench-render-svc'), KARAOKE_API_KEY: KEY },
});
try {
  const { api, json, headers } = serviceJson(service.base, KEY);
  const [entry] = await json<{ id: string }[]>('/projects');
  if (!entry) throw new Error('no demo project');
  const project = await json<{ task: { id: string } }>(`/projects/${entry.id}`);
  const poll = async (taskId: string, until: () => boolean) => {
    const samples: number[] = [];
    while (!until()) {
      const t0 = performance.now();
      const res = await fetch(`${api}/tasks/${taskId}`, { headers });
      await res.arrayBuffer();
      samples.push(performance.now() - t0);
      await sleep(50);
    }
    return samples;
  };
  const idleUntil = performance.now() + 10_000;
  const idle = await poll(project.task.id, () => performance.now() > idleUntil);
  const start = await json<{ taskId: string }>(`/projects/${entry.id}/exports`, {
    method: 'POST',
    body: JSON.stringify({ resolution: '720p' }),
  });
  let done = false;
  let status = '';
  const watcher = (async () => {
    while (!done) {
      const task = await json<{ status: string; error?: string }>(`/tasks/${start.taskId}`);
      status = task.status;
      if (['completed', 'failed', 'cancelled'].includes(task.status)) done = true;
      else await sleep(500);
    }
  })();
  const busy = await poll(start.taskId, () => done);
  await watcher;
  if (status !== 'completed') throw new Error(`the render ended ${status}`);
  const sorted = (s: number[]) => [...s].sort((a, b) => a - b);
  const p95 = (s: number[]) =>
    sorted(s)[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? NaN;
  report('render.poll-idle', idle, 20, 'ms');
  report('render.poll-during-render', busy, 60, 'ms');
  fig('render.poll-during-vs-idle.p95', p95(busy) / p95(idle), 3, 'x');
} finally {
  await service.stop();
}
