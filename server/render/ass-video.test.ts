import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultStyle, type AlignmentItem } from '../../src/contract';
import { frameAt, linesOnScreen } from '../../src/karaoke-layout/frame';
import { layoutKaraoke, type KaraokeLayout } from '../../src/karaoke-layout/layout';
import { word } from '../../src/timing/test-items';
import { alphaMaskScript, assColour, assScript, assTime } from './ass-video';

interface Parsed {
  layer: number;
  start: number;
  end: number;
  name: string;
  text: string;
}

const seconds = (t: string) => {
  const [h, m, s] = t.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

/** The Dialogue events of a script, read back from its text. */
function dialogues(script: string): Parsed[] {
  return script
    .split('\n')
    .filter((l) => l.startsWith('Dialogue: '))
    .map((l) => {
      const parts = l.slice('Dialogue: '.length).split(',');
      return {
        layer: Number(parts[0]),
        start: seconds(parts[1] ?? ''),
        end: seconds(parts[2] ?? ''),
        name: parts[4] ?? '',
        text: parts.slice(9).join(','),
      };
    });
}

const plain = (text: string) => text.replace(/\{[^}]*\}/g, '');

/** Random songs: lines of words and sub-words, gaps (some long enough to be breaks), singers. */
const songArb = fc
  .array(
    fc.record({
      words: fc.array(
        fc.record({
          text: fc.constantFrom('la', 'love', 'the', 'night', 'wonderful', '夜', 'ночь'),
          parts: fc.integer({ min: 1, max: 3 }),
          len: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      gap: fc.double({ min: 0, max: 9, noNaN: true }),
      singer: fc.integer({ min: 0, max: 2 }),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((lines) => {
    const items: AlignmentItem[] = [];
    let t = 0.5;
    lines.forEach((line, l) => {
      t += line.gap;
      line.words.forEach((w, wi) => {
        for (let p = 0; p < w.parts; p++) {
          const len = w.len / w.parts;
          items.push({
            line: l,
            word: wi,
            subword: p,
            start: +t.toFixed(3),
            end: +(t + len).toFixed(3),
            text: w.text,
            singer: line.singer,
          });
          t += len;
        }
        t += 0.05;
      });
    });
    return items;
  });

const family = () => 'Noto Sans';

function check(layout: KaraokeLayout, from: number, to: number) {
  const events = dialogues(assScript(layout, { from, to, family }));
  const lineEvents = new Map(
    events.filter((e) => e.name.startsWith('line:')).map((e) => [Number(e.name.slice(5)), e]),
  );
  // The same lines, at the same times (to the centisecond ASS keeps).
  for (const line of layout.lines) {
    const show = Math.max(line.show, from);
    const hide = Math.min(line.hide, to);
    const e = lineEvents.get(line.id);
    if (hide - show < 0.005) {
      expect(e).toBeUndefined();
      continue;
    }
    if (!e) throw new Error(`line ${line.id} has no event`);
    expect(e.start).toBeCloseTo(Math.round((show - from) * 100) / 100, 6);
    expect(e.end).toBeCloseTo(Math.round((hide - from) * 100) / 100, 6);
    expect(plain(e.text)).toBe(line.segments.map((s) => s.text + (s.space ? ' ' : '')).join(''));
    // Each segment filled by \kf over its own span.
    const kf = [...e.text.matchAll(/\\kf(\d+)/g)].map((m) => Number(m[1]));
    expect(kf).toHaveLength(line.segments.length);
  }
  // At any time, the lines an ASS reader shows are the ones the preview's frameAt shows.
  for (let t = from; t < to; t += 0.37) {
    const near = layout.lines.some(
      (l) => Math.abs(l.show - t) < 0.011 || Math.abs(l.hide - t) < 0.011,
    );
    if (near) continue;
    const ass = [...lineEvents.entries()]
      .filter(([, e]) => e.start <= t - from && t - from < e.end)
      .map(([id]) => id)
      .sort((a, b) => a - b);
    expect(ass).toEqual(frameAt(layout, t).lines.map((l) => l.line.id));
    expect(ass).toEqual(linesOnScreen(layout, t).map((l) => l.id));
  }
}

describe('the ASS script and the shared layout', () => {
  it('hold the same lines at the same times, with every segment filled by \\kf', () => {
    fc.assert(
      fc.property(songArb, fc.constantFrom(1, 2, 3), (items, rows) => {
        const style = defaultStyle();
        style.layout.linesPerScreen = rows;
        const layout = layoutKaraoke({
          items,
          style,
          width: 1280,
          height: 720,
          title: 'T',
          duration: 200,
        });
        check(layout, 0, 200);
        // A sample range: the same, shifted.
        check(layout, 3, 13);
      }),
      { numRuns: 40 },
    );
  });

  it('writes ASS colours, times and a white alpha copy', () => {
    expect(assColour({ r: 0x2f, g: 0x80, b: 0xed, a: 1 })).toBe('&H00ED802F');
    expect(assColour({ r: 0, g: 0, b: 0, a: 0.5 })).toBe('&H80000000');
    expect(assTime(3725.456)).toBe('1:02:05.46');
    const layout = layoutKaraoke({
      items: [{ line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'hi' }],
      style: defaultStyle(),
      width: 640,
      height: 360,
    });
    const script = assScript(layout, { from: 0, to: 5, family });
    const mask = alphaMaskScript(script);
    expect(mask).not.toMatch(/\\[1-4]c&H(?!FFFFFF)/);
    expect(mask.split('\n').length).toBe(script.split('\n').length);
  });
});

describe('translations in the ASS script (ADR 0017)', () => {
  it('each shown language is an event under its line, on screen with it', () => {
    const items = [
      word(0, 0, 1, 1.5, 'Hello', {
        translations: { de: { text: 'Hallo' }, fr: { text: 'Salut' } },
      }),
      word(0, 1, 1.5, 2, 'world'),
    ];
    const layout = layoutKaraoke({
      items,
      style: defaultStyle(),
      width: 1280,
      height: 720,
      languages: ['de'],
    });
    const events = dialogues(assScript(layout, { from: 0, to: 5, family: () => 'Noto Sans' }));
    const line = events.find((e) => plain(e.text) === 'Hello world');
    const german = events.filter((e) => plain(e.text) === 'Hallo');
    expect(german).toHaveLength(1);
    expect(events.some((e) => plain(e.text) === 'Salut')).toBe(false); // not shown
    expect([german[0]?.start, german[0]?.end]).toEqual([line?.start, line?.end]);
    const y = (e: { text: string }) => Number(/\\pos\([\d.]+,([\d.]+)\)/.exec(e.text)?.[1]);
    expect(y(german[0]!)).toBeGreaterThan(y(line!));
  });
});
