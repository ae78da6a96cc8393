import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../src/contract';
import { writeTimings } from '../src/formats';
import { groupLines, lineText } from '../src/formats/group';
import { formatSrtTime } from '../src/formats/time';

/**
 * Our exports as real tools read them (issue 12): ffmpeg's ASS, SubRip and WebVTT readers, and
 * libass (ffmpeg's `ass` filter, the renderer behind mpv, VLC and Aegisub's preview) drawing the
 * karaoke. ffmpeg comes from `node scripts/ensure-ffmpeg.mjs`, run by `npm run test:unit`.
 */
const FFMPEG = 'ffmpeg';
const hasFfmpeg = spawnSync(FFMPEG, ['-version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'export-readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ffmpeg(args: string[]): { stdout: Buffer; stderr: string } {
  const r = spawnSync(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const stderr = r.stderr.toString('utf8');
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${stderr}`);
  return { stdout: r.stdout, stderr };
}

/** A duet of four lines: syllables, gaps, and text that needs escaping in every format. */
function song(): AlignmentItem[] {
  const words: [number, number, string[]][] = [
    [1.0, 0.3, ['Rock', '&', 'roll,']],
    [3.0, 0.25, ['{brace}', 'back\\slash', '"quoted"']],
    [5.0, 0.3, ['Ünï', 'cödé', '漢字']],
    [7.0, 0.2, ['last', 'one']],
  ];
  const items: AlignmentItem[] = [];
  words.forEach(([start, length, texts], line) => {
    let t = start;
    texts.forEach((text, word) => {
      // The first word of each line in two syllables.
      const parts = word === 0 && text.length > 2 ? [text.slice(0, 2), text.slice(2)] : [text];
      parts.forEach((part, subword) => {
        items.push({
          line,
          word,
          subword,
          start: t,
          end: Math.round((t + length) * 100) / 100,
          text: part,
          singer: line % 2,
        });
        t = Math.round((t + length) * 100) / 100;
      });
      t = Math.round((t + 0.05) * 100) / 100;
    });
  });
  return items;
}

/** SubRip cues as ffmpeg writes them: times and text (tags removed, lines joined). */
function srtCues(srt: string): { start: string; end: string; text: string }[] {
  return srt
    .replace(/\r/g, '')
    .trim()
    .split(/\n\n+/)
    .map((block) => {
      const lines = block.split('\n');
      const [start, end] = lines[1]!.split(' --> ');
      const text = lines
        .slice(2)
        .join(' ')
        .replace(/<[^>]*>/g, '');
      return { start: start!, end: end!, text };
    });
}

function expected(items: AlignmentItem[]) {
  return groupLines(items).map((line) => ({
    start: formatSrtTime(line.start),
    end: formatSrtTime(line.end),
    text: lineText(line),
  }));
}

function write(items: AlignmentItem[], format: 'ass' | 'srt' | 'vtt'): string {
  const path = join(dir, `song.${format}`);
  writeFileSync(path, writeTimings(items, format, { title: 'Export test' }));
  return path;
}

it('has ffmpeg on the PATH (npm run test:unit installs it: node scripts/ensure-ffmpeg.mjs)', () => {
  expect(hasFfmpeg, 'ffmpeg is not on the PATH; run node scripts/ensure-ffmpeg.mjs').toBe(true);
});

describe.runIf(hasFfmpeg)('exports read by ffmpeg and libass', () => {
  const items = song();

  it('ASS: ffmpeg reads every Dialogue with its times and text', () => {
    const out = ffmpeg(['-i', write(items, 'ass'), '-f', 'srt', '-']);
    expect(out.stderr).toBe('');
    // ASS keeps centiseconds; ffmpeg's SRT shows them as milliseconds. Braces and backslashes
    // become parentheses and slashes in ASS text (they would start override tags).
    const want = expected(items).map((cue) => ({
      ...cue,
      text: cue.text.replace(/\{/g, '(').replace(/\}/g, ')').replace(/\\/g, '/'),
    }));
    expect(srtCues(out.stdout.toString('utf8'))).toEqual(want);
  });

  it('ASS: libass draws each line only while it is on, and the \\k fill grows through it', () => {
    // One grey frame every 100 ms; count the pixels the karaoke fill has lit (black is 16).
    const width = 320;
    const height = 120;
    const seconds = 9;
    const out = ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=black:s=${width}x${height}:r=10:d=${seconds}`,
      '-vf',
      `ass=${write(items, 'ass')},format=gray`,
      '-f',
      'rawvideo',
      '-',
    ]);
    expect(out.stderr).toBe('');
    const frame = width * height;
    expect(out.stdout.length).toBe(frame * seconds * 10);
    const lit = (at: number) => {
      const from = Math.floor(at * 10 + 1e-9) * frame;
      let n = 0;
      for (let i = from; i < from + frame; i++) if (out.stdout[i]! > 40) n++;
      return n;
    };
    const lines = groupLines(items);
    // Nothing before the first line, between lines, or after the last.
    expect(lit(0.5)).toBe(0);
    expect(lit(lines[1]!.start - 0.2)).toBe(0);
    expect(lit(8.5)).toBe(0);
    for (const line of lines) {
      const early = lit(line.start + 0.05);
      const late = lit(line.end - 0.15);
      expect(early).toBeGreaterThan(0);
      // \k moves syllables from the secondary (dark) to the primary (white) colour: more lights up.
      expect(late).toBeGreaterThan(early);
    }
  });

  it('SubRip: ffmpeg reads every cue with its times and text', () => {
    const out = ffmpeg(['-i', write(items, 'srt'), '-f', 'srt', '-']);
    expect(out.stderr).toBe('');
    expect(srtCues(out.stdout.toString('utf8'))).toEqual(expected(items));
  });

  it('WebVTT: ffmpeg reads every cue, karaoke timestamps and voices aside, entities decoded', () => {
    const out = ffmpeg(['-i', write(items, 'vtt'), '-f', 'srt', '-']);
    expect(out.stderr).toBe('');
    // ffmpeg escapes braces and backslashes when it turns WebVTT text into SubRip.
    const cues = srtCues(out.stdout.toString('utf8')).map((cue) => ({
      ...cue,
      text: cue.text.replace(/\\([{}\\])/g, '$1'),
    }));
    expect(cues).toEqual(expected(items));
  });
});
