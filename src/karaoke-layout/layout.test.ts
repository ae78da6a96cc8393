import { describe, expect, it } from 'vitest';
import { defaultStyle, type StyleObject } from '../contract/style';
import { frameAt, linesOnScreen } from './frame';
import { layoutKaraoke, type LayoutItem } from './layout';
import { estimateTextWidth } from './measure';
import { styleIssues } from './style-check';

/** Lines of `words` words, each word 0.5 s, lines 3 s apart starting at `from`. */
function song(
  lineCount: number,
  from = 10,
  wordsPerLine = 4,
  gapAfter?: number,
  gap = 0,
): LayoutItem[] {
  const items: LayoutItem[] = [];
  let t = from;
  for (let line = 0; line < lineCount; line++) {
    if (gapAfter !== undefined && line === gapAfter) t += gap;
    for (let word = 0; word < wordsPerLine; word++) {
      items.push({ line, word, subword: 0, start: t, end: t + 0.5, text: `w${line}x${word}` });
      t += 0.5;
    }
    t += 1;
  }
  return items;
}

const W = 1280;
const H = 720;
const lay = (items: LayoutItem[], style: StyleObject = defaultStyle(), extra = {}) =>
  layoutKaraoke({ items, style, width: W, height: H, ...extra });

describe('layoutKaraoke', () => {
  it('fills the rows in turn, each line shown before it is sung and kept until its row is needed', () => {
    const layout = lay(song(6));
    expect(layout.lines.map((l) => l.slot)).toEqual([0, 1, 0, 1, 0, 1]);
    for (const line of layout.lines) {
      expect(line.show).toBeLessThanOrEqual(line.start);
      expect(line.show).toBeGreaterThanOrEqual(line.start - 3); // anticipationBuffer
      expect(line.hide).toBeGreaterThanOrEqual(line.end);
    }
    // Line 2 takes row 0 once line 0 has been sung (not before its anticipation), line 0 leaves then.
    const [l0, , l2] = layout.lines;
    expect(l2?.show).toBeCloseTo(Math.max(l0?.end ?? NaN, (l2?.start ?? NaN) - 3), 6);
    expect(l0?.hide).toBeCloseTo(l2?.show ?? NaN, 6);
    // Never more lines on screen than rows.
    for (let t = 0; t < 40; t += 0.05)
      expect(linesOnScreen(layout, t).length).toBeLessThanOrEqual(2);
  });

  it('hides the lyrics in an instrumental break and starts again at the top row', () => {
    const items = song(4, 10, 4, 2, 20);
    const layout = lay(items);
    expect(layout.breaks).toHaveLength(1);
    const b = layout.breaks[0];
    if (!b) throw new Error('no break');
    expect(b.end - b.start).toBeGreaterThan(20);
    const mid = (b.start + b.end) / 2;
    expect(frameAt(layout, mid).lines).toEqual([]);
    expect(layout.lines[2]?.slot).toBe(0);
    expect(b.countdown?.to).toBeCloseTo(b.end, 6);
    expect(frameAt(layout, b.end - 2.5).countdown?.value).toBe(3);
    expect(frameAt(layout, b.end - 0.5).countdown?.value).toBe(1);
    expect(frameAt(layout, b.end - 5).progress?.fraction).toBeCloseTo(0.5, 1);
    // Not hidden when the style says so: the lines stay.
    const style = defaultStyle();
    style.overlays.instrumentalBreak.hideLyrics = false;
    expect(frameAt(lay(items, style), mid).lines.length).toBeGreaterThan(0);
  });

  it('splits a line too wide for the frame at word boundaries into balanced pieces', () => {
    const items: LayoutItem[] = Array.from({ length: 24 }, (_, word) => ({
      line: 0,
      word,
      subword: 0,
      start: word,
      end: word + 0.9,
      text: 'wonderful',
    }));
    const layout = lay(items);
    expect(layout.lines.length).toBeGreaterThan(1);
    const widths = layout.lines.map((l) => l.width);
    for (const line of layout.lines) {
      expect(line.x).toBeGreaterThanOrEqual(0);
      expect(line.x + line.width).toBeLessThanOrEqual(W);
    }
    expect(Math.max(...widths) / Math.min(...widths)).toBeLessThan(1.6);
    expect(layout.lines.flatMap((l) => l.segments).length).toBe(24);
    // Without auto-split: one line, drawn smaller to fit.
    const style = defaultStyle();
    style.layout.autoSplitLongLines = false;
    const one = lay(items, style);
    expect(one.lines).toHaveLength(1);
    expect(one.lines[0]?.width).toBeLessThanOrEqual(W);
  });

  it('fills word by word and sub-word by sub-word, in lyric order', () => {
    const items: LayoutItem[] = [
      { line: 0, word: 0, subword: 0, start: 5, end: 5.4, text: 'won' },
      { line: 0, word: 0, subword: 1, start: 5.4, end: 6, text: 'der' },
      { line: 0, word: 1, subword: 0, start: 6.2, end: 7, text: 'wall' },
    ];
    const layout = lay(items);
    const [line] = layout.lines;
    expect(line?.segments.map((s) => [s.text, s.space])).toEqual([
      ['won', false],
      ['der', true],
      ['wall', false],
    ]);
    expect(frameAt(layout, 5.2).lines[0]?.fills).toEqual([0.5, 0, 0]);
    expect(frameAt(layout, 6.6).lines[0]?.fills.map((f) => +f.toFixed(2))).toEqual([1, 1, 0.5]);
    expect(frameAt(layout, 6.6).lines[0]?.current).toBe(true);
  });

  it('colours two singers apart and places them by duetPosition', () => {
    const items = song(4).map((i) => ({ ...i, singer: i.line % 2 }));
    const layout = lay(items);
    const [a, b] = layout.lines;
    expect(a?.colours.text).not.toEqual(b?.colours.text);
    const style = defaultStyle();
    style.singerTextStyles = { '1': { textColor: '#00FF00' } };
    style.chordTextStyle.duetPosition = 'left-right';
    const own = lay(items, style);
    expect(own.lines[1]?.colours.text).toEqual({ r: 0, g: 255, b: 0, a: 1 });
    expect(own.lines[0]?.align).toBe('left');
    expect(own.lines[1]?.align).toBe('right');
  });

  it('shows the title card before the lyrics, then hides it', () => {
    const layout = lay(song(2, 10), defaultStyle(), { title: 'My Song', artists: ['Ann', 'Bo'] });
    expect(layout.titleCard?.from).toBe(0);
    expect(layout.titleCard?.to).toBe(5);
    expect(frameAt(layout, 1).titleCard?.card.artists?.text).toBe('Ann, Bo');
    expect(frameAt(layout, 6).titleCard).toBeNull();
    // Lyrics right after the start: the card ends before the first line shows.
    const early = lay(song(2, 2), defaultStyle(), { title: 'My Song' });
    expect(early.titleCard?.to).toBeLessThanOrEqual(early.lines[0]?.show ?? NaN);
  });

  it('places the block of rows by alignment and padding, sizes scaled to the frame', () => {
    const style = defaultStyle();
    style.layout.alignment = 'top';
    const top = lay(song(2), style);
    const bottom = lay(song(2));
    expect(top.lines[0]?.y).toBeLessThan(H / 2);
    expect(bottom.lines[0]?.y).toBeGreaterThan(H / 2);
    expect(bottom.lines[0]?.font.size).toBeCloseTo(96 * (720 / 1080), 6);
    const vertical = layoutKaraoke({ items: song(2), style, width: 720, height: 1280 });
    expect(vertical.scale).toBeCloseTo(720 / 1080, 6);
  });

  it('lays out 100,000 items', () => {
    const items = song(10_000, 0, 10);
    expect(items).toHaveLength(100_000);
    const layout = lay(items);
    expect(layout.lines.length).toBeGreaterThanOrEqual(10_000);
    expect(layout.lines.flatMap((l) => l.segments)).toHaveLength(100_000);
    expect(frameAt(layout, 1000).lines.length).toBeGreaterThan(0);
  });

  it('measures with the function passed in', () => {
    let calls = 0;
    lay(song(1), defaultStyle(), {
      measure: (text: string, font: Parameters<typeof estimateTextWidth>[1]) => {
        calls++;
        return estimateTextWidth(text, font);
      },
    });
    expect(calls).toBeGreaterThan(0);
  });
});

describe('styleIssues', () => {
  it('accepts the default style and names values out of range', () => {
    expect(styleIssues(defaultStyle())).toEqual([]);
    const style = defaultStyle();
    style.layout.linesPerScreen = 0;
    style.chordTextStyle.fontSize = 5000;
    style.aspectRatio = '2:1';
    expect(styleIssues(style).map((i) => i.path)).toEqual([
      'layout.linesPerScreen',
      'chordTextStyle.fontSize',
      'aspectRatio',
    ]);
  });
});
