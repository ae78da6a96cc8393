import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CreditBalanceSchema,
  defaultStyle,
  ExportDownloadSchema,
  ExportSchema,
  TaskSchema,
  TaskStartSchema,
  type AlignmentItem,
} from '../../src/contract';
import { layoutKaraoke } from '../../src/karaoke-layout/layout';
import type { KeyedAccount } from '../db/accounts';
import { insertMedia } from '../db/library';
import { storeBytes } from '../storage/file-store';
import { call, createAccount, parsed, problem, startService, type Running } from './harness';
import {
  countNear,
  ffmpegProcessesWith,
  ffprobe,
  frameRgba,
  lyricItems,
  makeProject,
  ocr,
  waitForEnd,
} from './render-support';

let svc: Running;
let me: KeyedAccount;
let scratch: string;

beforeAll(async () => {
  svc = await startService();
  me = await createAccount(svc, 'render@example.com', 200);
  scratch = mkdtempSync(join(tmpdir(), 'render-test-'));
});
afterAll(async () => {
  await svc.cleanup();
  if (!process.env.KEEP_RENDER_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

const api = () => svc.api;

/** Mean loudness (dB) of `seconds` of a file's audio from `t` (ffmpeg's volumedetect). */
function meanVolume(path: string, t: number, seconds: number): number {
  const run = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-ss',
      String(t),
      '-t',
      String(seconds),
      '-i',
      path,
      '-vn',
      '-af',
      'volumedetect',
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  const m = /mean_volume: (-?[\d.]+) dB/.exec(run.stderr);
  if (!m) throw new Error(`no volume for ${path}`);
  return Number(m[1]);
}
const key = () => me.apiKey;

async function startExport(projectId: string, body: Record<string, unknown>, k = key()) {
  return call(`${api()}/projects/${projectId}/exports`, { method: 'POST', key: k, body });
}

/** Renders and downloads; returns the file's path, the export and the task. */
async function render(projectId: string, body: Record<string, unknown>, ext = 'mp4') {
  const start = parsed(TaskStartSchema, await startExport(projectId, body));
  const task = await waitForEnd(api(), start.taskId, key());
  expect(task.error ?? null).toBeNull();
  expect(task.status).toBe('completed');
  const exports = parsed(
    z.array(ExportSchema),
    await call(`${api()}/projects/${projectId}/exports`, { key: key() }),
  );
  const exp = exports.find((e) => e.taskId === start.taskId);
  if (!exp) throw new Error('no export row');
  expect(exp.status).toBe('completed');
  const dl = parsed(
    ExportDownloadSchema,
    await call(`${api()}/projects/${projectId}/exports/${exp.id}/download`, { key: key() }),
  );
  const res = await fetch(dl.url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(exp.fileSize);
  const path = join(scratch, `${exp.id}.${ext}`);
  writeFileSync(path, bytes);
  return { path, exp, task, url: dl.url };
}

const fps = (rate: string | undefined) => {
  const [a, b] = (rate ?? '0/1').split('/').map(Number);
  return (a ?? 0) / (b ?? 1);
};

describe('rendering a karaoke video', { timeout: 120_000 }, () => {
  it('renders MP4 H.264 + AAC at the asked size and fps, with the title card, the sung line and the fill', async () => {
    // One long word (2 s) to watch the fill advance; lines at 3 s and later.
    const items: AlignmentItem[] = [
      ...lyricItems(['HELLO WORLD'], 3, 0.5),
      { line: 1, word: 0, subword: 0, start: 4.4, end: 6.4, text: 'SUNSHINE' },
    ];
    const { projectId } = await makeProject(svc, me.userId, {
      items,
      seconds: 7,
      title: 'Quiet Harbour',
      artists: ['Test Band'],
    });
    const { path, exp, task, url } = await render(projectId, {
      resolution: '480p',
      fps: 25,
      quality: 'draft',
    });
    expect(exp).toMatchObject({
      resolution: '480p',
      fps: 25,
      quality: 'draft',
      renderBackend: 'batch',
    });
    expect(exp.fileKey).toMatch(/^exports\/.+\.mp4$/);
    expect(task.output).toMatchObject({ projectId, exportId: exp.id });
    const probe = ffprobe(path);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({
      codec_name: 'h264',
      width: 854,
      height: 480,
      pix_fmt: 'yuv420p',
    });
    expect(fps(video?.r_frame_rate)).toBe(25);
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) - 7)).toBeLessThanOrEqual(0.2);
    // faststart: the index is before the media data.
    const head = readFileSync(path)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    // Range works on the download link.
    const ranged = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    expect(ocr(path, 1, scratch)).toMatch(/Quiet\s*Harbour/i);
    expect(ocr(path, 3.2, scratch)).toMatch(/HELLO\s*WORLD/);
    // The fill colour (#2F80ED) covers more of SUNSHINE (its row, by the shared layout) as it is sung.
    const layout = layoutKaraoke({ items, style: defaultStyle(), width: 854, height: 480 });
    const row = layout.lines[1];
    if (!row) throw new Error('no second line');
    const box = {
      x0: 0,
      x1: 854,
      y0: Math.round(row.y - layout.rowHeight / 2),
      y1: Math.round(row.y + layout.rowHeight / 2),
    };
    const fill = [0x2f, 0x80, 0xed] as const;
    const at = (t: number) => countNear(frameRgba(path, t, 854, 480), 854, fill, 45, box);
    const early = at(4.8);
    const late = at(6.0);
    expect(late).toBeGreaterThan(early * 2 + 200);
  });

  it('shows nothing of the lyrics in a long instrumental break, and two singers in two colours', async () => {
    const items = lyricItems(
      ['RED LINE HERE', 'PINK LINE HERE', 'AFTER THE BREAK'],
      1,
      0.4,
      0.3,
      [0, 1, 0],
    );
    // 20 s break before the third line.
    const shifted = items.map((i) =>
      i.line === 2 ? { ...i, start: i.start + 20, end: i.end + 20 } : i,
    );
    const style = defaultStyle();
    style.overlays.titleCard.enabled = false;
    const { projectId } = await makeProject(svc, me.userId, { items: shifted, seconds: 28, style });
    const { path } = await render(projectId, {
      resolution: '360p',
      fps: 24,
      quality: 'draft',
      renderMode: 'fast',
    });
    const W = 640;
    const H = 360;
    // Before anything is sung (t = 0.9): both lines shown, singer 0 white, singer 1 pink (#FF5FA2).
    const both = frameRgba(path, 0.9, W, H);
    expect(countNear(both, W, [255, 255, 255], 30)).toBeGreaterThan(150);
    expect(countNear(both, W, [0xff, 0x5f, 0xa2], 40)).toBeGreaterThan(150);
    // Mid-break (t = 9): no text anywhere (the progress bar starts 10 s before the break's end).
    const mid = frameRgba(path, 9, W, H);
    let bright = 0;
    for (let i = 0; i < mid.length; i += 4) {
      if ((mid[i] as number) + (mid[i + 1] as number) + (mid[i + 2] as number) > 300) bright++;
    }
    expect(bright).toBe(0);
    expect(ocr(path, 9, scratch).replace(/\s/g, '')).toBe('');
    // Near the break's end: the countdown and the bar.
    expect(ocr(path, 23.6, scratch)).toMatch(/[123]/);
  });

  it('renders a transparent WebM VP9 with alpha, and a sample range', async () => {
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['ALPHA TEST LINE'], 0.5, 0.5),
      seconds: 6,
    });
    const { path, exp } = await render(
      projectId,
      { resolution: '360p', transparent: true, quality: 'draft', range: { start: 0.5, end: 2.5 } },
      'webm',
    );
    expect(exp.range).toEqual({ start: 0.5, end: 2.5 });
    const probe = ffprobe(path);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video?.codec_name).toBe('vp9');
    expect(video?.tags?.alpha_mode ?? video?.tags?.ALPHA_MODE).toBe('1');
    expect(probe.format.format_name).toContain('webm');
    expect(Math.abs(Number(probe.format.duration) - 2)).toBeLessThanOrEqual(0.2);
    const frame = frameRgba(path, 1, 640, 360);
    let clear = 0;
    let opaque = 0;
    for (let i = 3; i < frame.length; i += 4) {
      if (frame[i] === 0) clear++;
      else if ((frame[i] as number) > 200) opaque++;
    }
    expect(clear).toBeGreaterThan(640 * 360 * 0.8);
    expect(opaque).toBeGreaterThan(300);
  });

  it('falls back from an unknown font and says so', async () => {
    const style = defaultStyle();
    style.chordTextStyle.fontFamily = 'No Such Font Family';
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['FALLBACK FONT'], 0.2, 0.4),
      seconds: 2,
      style,
    });
    const { task, path } = await render(projectId, { resolution: '360p', quality: 'draft' });
    const notes = (task.output as { notes?: string[] }).notes ?? [];
    expect(notes.join(' ')).toMatch(/No Such Font Family.*not installed.*Noto Sans/);
    expect(ocr(path, 0.5, scratch)).toMatch(/FALLBACK/);
  });

  it("cuts the video to the style's trim", async () => {
    const style = defaultStyle();
    style.trim.startSeconds = 1;
    style.trim.endSeconds = 3.5;
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['TRIMMED LINE'], 1.2, 0.5),
      seconds: 6,
      style,
    });
    const { path, exp } = await render(projectId, { resolution: '360p', quality: 'draft' });
    expect(exp.duration).toBeCloseTo(2.5, 3);
    const probe = ffprobe(path);
    expect(Math.abs(Number(probe.format.duration) - 2.5)).toBeLessThanOrEqual(0.2);
    // The song's 1.2 s is the video's 0.2 s: the line is there from the start.
    expect(ocr(path, 0.6, scratch)).toMatch(/TRIMMED/);
  });

  it('draws the branding logo (an SVG media item) where the style puts it', async () => {
    const { db, files } = svc.service.services;
    const logoFile = await storeBytes(db, files, {
      accountId: me.userId,
      filename: 'logo.svg',
      contentType: 'image/svg+xml',
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#FF2BD6"/></svg>',
      ),
    });
    await insertMedia(db, me.userId, {
      type: 'logo',
      status: 'ready',
      error: null,
      width: 256,
      height: 256,
      file_id: logoFile,
      preview_file_id: logoFile,
    });
    const style = defaultStyle();
    style.overlays.branding.logo.enabled = true;
    style.overlays.branding.logo.position = 'top-right';
    style.overlays.titleCard.enabled = false;
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['LOGO'], 0.2, 0.4),
      seconds: 2,
      style,
    });
    const { path } = await render(projectId, { resolution: '360p', quality: 'draft' });
    const frame = frameRgba(path, 1, 640, 360);
    const magenta = [0xff, 0x2b, 0xd6] as const;
    // 10 % of the width, 20 px (scaled) from the top-right corner; nothing of it on the left.
    expect(
      countNear(frame, 640, magenta, 40, { x0: 500, y0: 0, x1: 640, y1: 100 }),
    ).toBeGreaterThan(1500);
    expect(countNear(frame, 640, magenta, 40, { x0: 0, y0: 0, x1: 320, y1: 360 })).toBe(0);
  });

  it('plays the branding intro and outro (media videos) around the karaoke part', async () => {
    const { db, files } = svc.service.services;
    // A 1.5 s 320x240 25 fps intro with a tone, and a 1 s silent green outro: both differ from
    // the export's 640x360 at 30 fps, so they are scaled, letterboxed and retimed.
    const make = (name: string, args: string[]) => {
      const path = join(scratch, name);
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, path]);
      return readFileSync(path);
    };
    const introBytes = make('intro.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=1.5'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=1.5'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ]);
    const outroBytes = make('outro.mp4', [
      ...['-f', 'lavfi', '-i', 'color=c=0x00FF00:s=480x360:r=24:d=1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    ]);
    const media: Record<string, string> = {};
    for (const [type, bytes] of [
      ['intro-video', introBytes],
      ['outro-video', outroBytes],
    ] as const) {
      const fileId = await storeBytes(db, files, {
        accountId: me.userId,
        filename: `${type}.mp4`,
        contentType: 'video/mp4',
        bytes,
      });
      media[type] = await insertMedia(db, me.userId, {
        type,
        status: 'ready',
        error: null,
        width: null,
        height: null,
        file_id: fileId,
        preview_file_id: null,
      });
    }
    const style = defaultStyle();
    style.overlays.titleCard.enabled = false;
    style.overlays.branding.intro.enabled = true;
    style.overlays.branding.intro.mediaId = media['intro-video'];
    style.overlays.branding.intro.effect = 'fade';
    style.overlays.branding.intro.effectDuration = 0.3;
    style.overlays.branding.outro.enabled = true;
    style.overlays.branding.outro.effect = 'none';
    style.trim.endSeconds = 2.5;
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['CLIPPED LINE'], 0.2, 0.5),
      seconds: 4,
      style,
    });
    const { path, exp, task } = await render(projectId, { resolution: '360p', quality: 'draft' });
    expect((task.output as { notes?: string[] }).notes ?? []).toEqual([]);
    // intro + the 2.5 s of the song + outro (the intro's picture is 1.52 s: x264 + -shortest).
    const clips = ['intro.mp4', 'outro.mp4'].map((f) =>
      Number(ffprobe(join(scratch, f)).format.duration),
    );
    const total = 2.5 + (clips[0] ?? 0) + (clips[1] ?? 0);
    expect(total).toBeGreaterThan(4.9);
    const probe = ffprobe(path);
    expect(Math.abs(Number(probe.format.duration) - total)).toBeLessThanOrEqual(0.2);
    expect(exp.duration).toBeCloseTo(total, 2);
    const v = probe.streams.find((st) => st.codec_type === 'video');
    expect([v?.width, v?.height, v?.r_frame_rate]).toEqual([640, 360, '30/1']);
    expect(probe.streams.some((st) => st.codec_type === 'audio')).toBe(true);
    // The intro's test pattern in the middle of the frame, pillarboxed in black at the sides.
    const intro = frameRgba(path, 0.75, 640, 360);
    const box = { x0: 120, y0: 0, x1: 520, y1: 360 };
    expect(countNear(intro, 640, [0, 0, 0], 20, { x0: 0, y0: 0, x1: 60, y1: 360 })).toBe(60 * 360);
    const colours = (
      [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [255, 255, 0],
      ] as const
    ).filter((c) => countNear(intro, 640, c, 60, box) > 200);
    expect(colours.length).toBeGreaterThanOrEqual(3);
    // Then the karaoke part with its lyrics at the song's own times (0.2 s after the intro).
    expect(ocr(path, 2.5, scratch)).toMatch(/CLIPPED/);
    const lyricFrame = frameRgba(path, 2.5, 640, 360);
    expect(countNear(lyricFrame, 640, [0, 255, 0], 30)).toBe(0);
    // The intro's tone, then the outro's silence (it has no audio track).
    expect(meanVolume(path, 0.4, 0.8)).toBeGreaterThan(-40);
    expect(meanVolume(path, total - 0.7, 0.6)).toBeLessThan(-80);
    // The outro: green, letterboxed to the frame.
    const outro = frameRgba(path, 4.6, 640, 360);
    expect(countNear(outro, 640, [0, 255, 0], 40, { x0: 120, y0: 0, x1: 520, y1: 360 })).toBe(
      400 * 360,
    );
  });

  it('says why an intro/outro is left out: a missing media item, a transparent export', async () => {
    const style = defaultStyle();
    style.overlays.titleCard.enabled = false;
    style.overlays.branding.outro.enabled = true;
    style.overlays.branding.outro.mediaId = 'med_missing';
    style.trim.endSeconds = 1.5;
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['NO OUTRO'], 0.2, 0.5),
      seconds: 3,
      style,
    });
    const missing = await render(projectId, { resolution: '360p', quality: 'draft' });
    expect((missing.task.output as { notes?: string[] }).notes?.join(' ')).toMatch(
      /outro is enabled but media item med_missing does not exist: the video has no outro/,
    );
    expect(Math.abs(Number(ffprobe(missing.path).format.duration) - 1.5)).toBeLessThanOrEqual(0.2);

    const transparent = await render(
      projectId,
      { resolution: '360p', quality: 'draft', renderMode: 'fast', transparent: true },
      'webm',
    );
    expect((transparent.task.output as { notes?: string[] }).notes?.join(' ')).toMatch(
      /Outro videos are not supported in a transparent export/,
    );
    expect(Math.abs(Number(ffprobe(transparent.path).format.duration) - 1.5)).toBeLessThanOrEqual(
      0.2,
    );
  });

  it('renders a 100,000-item alignment without a 500', async () => {
    const items: AlignmentItem[] = [];
    for (let k = 0; k < 100_000; k++) {
      const line = Math.floor(k / 10);
      items.push({
        line,
        word: k % 10,
        subword: 0,
        start: k * 0.03,
        end: k * 0.03 + 0.03,
        text: `w${k % 97}`,
      });
    }
    const { projectId } = await makeProject(svc, me.userId, { items, seconds: 3 });
    const start = await startExport(projectId, {
      resolution: '360p',
      quality: 'draft',
      renderMode: 'fast',
    });
    expect(start.status).toBe(200);
    const task = await waitForEnd(api(), TaskStartSchema.parse(start.json).taskId, key());
    expect(task.status).toBe('completed');
  });
});

describe('export requests that cannot be rendered', () => {
  it('answers 422 naming the field, and charges nothing', async () => {
    const credits = async () =>
      parsed(CreditBalanceSchema, await call(`${api()}/credits`, { key: key() })).availableBalance;
    const before = await credits();
    const none = await makeProject(svc, me.userId, { items: null, seconds: 2 });
    expect(problem(await startExport(none.projectId, {}), 422).errors?.[0]?.path).toBe(
      'alignmentId',
    );
    const empty = await makeProject(svc, me.userId, { items: [], seconds: 2 });
    const p = problem(await startExport(empty.projectId, {}), 422);
    expect(p.detail).toMatch(/empty/);
    const ok = await makeProject(svc, me.userId, {
      items: lyricItems(['A LINE'], 0.2),
      seconds: 2,
      stems: ['original'],
    });
    const noStem = problem(await startExport(ok.projectId, {}), 422);
    expect(noStem.errors?.[0]).toMatchObject({ path: 'audio' });
    expect(noStem.errors?.[0]?.message).toMatch(/instrumental/);
    expect(
      problem(await startExport(ok.projectId, { alignmentId: empty.alignmentId }), 422).errors?.[0]
        ?.path,
    ).toBe('alignmentId');
    expect(
      problem(
        await startExport(ok.projectId, { audio: 'original', range: { start: 5, end: 6 } }),
        422,
      ).errors?.[0]?.path,
    ).toBe('range.start');
    expect(problem(await startExport(ok.projectId, { fps: 29 }), 422).errors?.[0]?.path).toBe(
      'fps',
    );
    expect(
      problem(await startExport(ok.projectId, { resolution: '8k' }), 422).errors?.[0]?.path,
    ).toBe('resolution');
    expect(
      problem(await startExport(ok.projectId, { range: { start: 2, end: 1 } }), 422).errors?.[0]
        ?.path,
    ).toBe('range.end');
    const style = defaultStyle();
    style.layout.linesPerScreen = 40;
    style.chordTextStyle.fontSize = -3;
    const bad = await makeProject(svc, me.userId, {
      items: lyricItems(['A LINE'], 0.2),
      seconds: 2,
      style,
    });
    const styled = problem(await startExport(bad.projectId, {}), 422);
    expect(styled.errors?.map((e) => e.path)).toEqual([
      'settings.style.layout.linesPerScreen',
      'settings.style.chordTextStyle.fontSize',
    ]);
    expect(await credits()).toBe(before);
    // Another account's project looks like an unknown one.
    const other = await createAccount(svc, 'other-render@example.com');
    expect((await startExport(ok.projectId, {}, other.apiKey)).status).toBe(404);
    // 402 when short of credits.
    const poor = await createAccount(svc, 'poor-render@example.com', 0);
    const theirs = await makeProject(svc, poor.userId, {
      items: lyricItems(['A LINE'], 0.2),
      seconds: 2,
    });
    expect(problem(await startExport(theirs.projectId, {}, poor.apiKey), 402)).toMatchObject({
      title: 'Payment Required',
      detail: 'This task needs 1 credits; the balance is too low.',
    });
  });

  it('the download of an export that is not completed is a 409, an unknown one 404', async () => {
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['A LINE'], 0.2),
      seconds: 2,
    });
    expect(
      (await call(`${api()}/projects/${projectId}/exports/exp_nope/download`, { key: key() }))
        .status,
    ).toBe(404);
  });
});

describe('cancelling a render', () => {
  it('stops ffmpeg, refunds the credit, leaves no file and marks the export cancelled', async () => {
    const credits = async () =>
      parsed(CreditBalanceSchema, await call(`${api()}/credits`, { key: key() })).availableBalance;
    const { projectId } = await makeProject(svc, me.userId, {
      items: lyricItems(['A LONG SONG TO CANCEL'], 1),
      seconds: 120,
    });
    // Local files or S3: scratch files are under the store's scratch folder, file rows in the database.
    const scratchDir = svc.service.services.files.scratchDir;
    const fileCount = async () =>
      Number(
        (await svc.service.services.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM files'))?.n,
      );
    const filesBefore = await fileCount();
    const before = await credits();
    const start = parsed(TaskStartSchema, await startExport(projectId, { resolution: '720p' }));
    expect(await credits()).toBe(before - 1);
    // Wait until it really renders (progress written).
    for (let i = 0; i < 300; i++) {
      const t = parsed(TaskSchema, await call(`${api()}/tasks/${start.taskId}`, { key: key() }));
      const progress = (t.output as { progress?: number } | null)?.progress ?? 0;
      if (t.status === 'in-progress' && progress > 0) break;
      await sleep(100);
    }
    expect(ffmpegProcessesWith(svc.dataDir).length).toBeGreaterThan(0);
    const cancelled = parsed(
      TaskSchema,
      await call(`${api()}/tasks/${start.taskId}/cancel`, { method: 'POST', key: key() }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await credits()).toBe(before);
    // Cancelling again: it already ended.
    const cancelledTwice = await call(`${api()}/tasks/${start.taskId}/cancel`, {
      method: 'POST',
      key: key(),
    });
    expect(problem(cancelledTwice, 409)).toMatchObject({
      title: 'Conflict',
      detail: 'The task already ended (cancelled); it cannot be cancelled.',
    });
    for (let i = 0; i < 50 && ffmpegProcessesWith(svc.dataDir).length > 0; i++) await sleep(100);
    expect(ffmpegProcessesWith(svc.dataDir)).toEqual([]);
    for (let i = 0; i < 50 && readdirSync(scratchDir).some((n) => n.endsWith('.part')); i++)
      await sleep(100);
    expect(readdirSync(scratchDir).filter((n) => n.endsWith('.part'))).toEqual([]);
    expect(await fileCount()).toBe(filesBefore);
    const exports = parsed(
      z.array(ExportSchema),
      await call(`${api()}/projects/${projectId}/exports`, { key: key() }),
    );
    expect(exports[0]).toMatchObject({ status: 'cancelled', taskId: start.taskId });
    // Another account cannot cancel my tasks (404, as for an unknown one).
    const other = await createAccount(svc, 'cancel-other@example.com');
    const again = parsed(
      TaskStartSchema,
      await startExport(projectId, { resolution: '360p', range: { start: 0, end: 1 } }),
    );
    expect(
      (await call(`${api()}/tasks/${again.taskId}/cancel`, { method: 'POST', key: other.apiKey }))
        .status,
    ).toBe(404);
    await waitForEnd(api(), again.taskId, key());
  }, 120_000);

  it('stops a running stem separation too: its thread ends, no stems are added, nothing is left', async () => {
    const { projectId } = await makeProject(svc, me.userId, {
      items: null,
      seconds: 150,
      stems: ['original'],
    });
    const start = parsed(
      TaskStartSchema,
      await call(`${api()}/projects/${projectId}/tasks/stem-separation`, {
        method: 'POST',
        key: key(),
        body: {},
      }),
    );
    for (let i = 0; i < 300; i++) {
      const t = parsed(TaskSchema, await call(`${api()}/tasks/${start.taskId}`, { key: key() }));
      if (t.status === 'in-progress') break;
      await sleep(50);
    }
    await sleep(300);
    const cancelled = parsed(
      TaskSchema,
      await call(`${api()}/tasks/${start.taskId}/cancel`, { method: 'POST', key: key() }),
    );
    expect(cancelled.status).toBe('cancelled');
    const scratchDir = svc.service.services.files.scratchDir;
    for (let i = 0; i < 50 && readdirSync(scratchDir).some((n) => n.endsWith('.part')); i++) {
      await sleep(100);
    }
    expect(readdirSync(scratchDir).filter((n) => n.endsWith('.part'))).toEqual([]);
    await sleep(500);
    const task = parsed(TaskSchema, await call(`${api()}/tasks/${start.taskId}`, { key: key() }));
    expect(task.status).toBe('cancelled');
    const project = parsed(
      z.object({ stems: z.array(z.object({ type: z.string() }).loose()) }).loose(),
      await call(`${api()}/projects/${projectId}`, { key: key() }),
    );
    expect(project.stems.map((s) => s.type)).toEqual(['original']);
  }, 120_000);
});
