import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../contract';
import { frameAt, layoutKaraoke, type KaraokeFrame, type LayoutItem } from '../../karaoke-layout';
import { createScene } from './scene';
import { cutsOf, itemsSource, MAX_WINDOW_LINES, windowAt } from './window';

/** A song of `lines` lines of 4 words, with an instrumental break of `breakSeconds` every 8 lines. */
function song(lines: number, breakSeconds = 12, twoSingers = false): LayoutItem[] {
  const items: LayoutItem[] = [];
  const words = ['we', 'sing', 'tonight', 'together', 'under', 'bright', 'stars'];
  let t = 2;
  for (let line = 0; line < lines; line++) {
    for (let word = 0; word < 4; word++) {
      const text = words[(line * 3 + word) % words.length] as string;
      // The third word in two sub-words.
      if (word === 2) {
        items.push({ line, word, subword: 0, start: t, end: t + 0.2, text: text.slice(0, 3) });
        items.push({ line, word, subword: 1, start: t + 0.2, end: t + 0.4, text: text.slice(3) });
      } else items.push({ line, word, subword: 0, start: t, end: t + 0.4, text });
      if (twoSingers) items[items.length - 1] = { ...items.at(-1)!, singer: line % 2 };
      t += 0.5;
    }
    t += line % 8 === 7 ? breakSeconds : 0.6;
  }
  return items;
}

/** What a frame shows, in numbers and text (rounded: floating sums differ in the last bits). */
const shown = (frame: KaraokeFrame) => ({
  lines: frame.lines.map((l) => ({
    text: l.line.segments.map((s) => s.text).join('|'),
    slot: l.line.slot,
    x: Math.round(l.line.x),
    y: Math.round(l.line.y),
    show: +l.line.show.toFixed(6),
    hide: +l.line.hide.toFixed(6),
    opacity: +l.opacity.toFixed(6),
    current: l.current,
    fills: l.fills.map((f) => +f.toFixed(6)),
    colours: l.line.colours,
  })),
  title: frame.titleCard?.card.title.text ?? null,
  countdown: frame.countdown?.value ?? null,
  progress: frame.progress ? +frame.progress.fraction.toFixed(6) : null,
  leadIns: frame.leadIns.map((l) => [Math.round(l.leadIn.x), +l.left.toFixed(6)]),
});

describe('the preview by windows equals the whole song laid out at once', () => {
  const style = defaultStyle();
  const items = song(120);
  const duration = (items.at(-1)?.end ?? 0) + 5;
  const whole = layoutKaraoke({
    items,
    style,
    width: 1920,
    height: 1080,
    title: 'Song',
    artists: ['Band'],
    duration,
  });
  const input = { source: itemsSource(items), style, title: 'Song', artists: ['Band'], duration };

  it('cuts at the hidden breaks only', () => {
    const cuts = cutsOf(itemsSource(items).lines, style);
    expect(cuts).toEqual(Array.from({ length: 15 }, (_, k) => k * 8));
  });

  it('frame for frame, every 50 ms of the song, lines, fills, colours and overlays', () => {
    const scene = createScene(input, { wholeSongItems: 0 });
    let frames = 0;
    for (let t = 0; t < duration; t += 0.05) {
      expect(shown(scene.at(t).frame), `t=${t.toFixed(2)}`).toEqual(shown(frameAt(whole, t)));
      frames++;
    }
    // Each of the 15 runs laid out once alone and once with the next run (for its break).
    expect(frames).toBeGreaterThan(2000);
    expect(scene.layouts).toBeLessThanOrEqual(30);
    // A layout holds a window, not the song.
    expect(scene.at(100).layout.lines.length).toBeLessThan(whole.lines.length / 5);
  });

  it('the same with other rows, alignment and transition', () => {
    const other = defaultStyle();
    other.layout.linesPerScreen = 3;
    other.layout.alignment = 'top';
    other.layout.lineTransition = 'slide';
    other.layout.anticipationBuffer = 1;
    const full = layoutKaraoke({ items, style: other, width: 1920, height: 1080, duration });
    const scene = createScene(
      { source: itemsSource(items), style: other, duration },
      { wholeSongItems: 0 },
    );
    for (let t = 0; t < duration; t += 0.21)
      expect(shown(scene.at(t).frame), `t=${t.toFixed(2)}`).toEqual(shown(frameAt(full, t)));
  });

  it('a song with no break is cut about every MAX_WINDOW_LINES lines, at a top-row line', () => {
    const long = song(MAX_WINDOW_LINES * 3 + 10, 0.6);
    const lines = itemsSource(long).lines;
    const three = defaultStyle();
    three.layout.linesPerScreen = 3;
    const M = MAX_WINDOW_LINES;
    expect(cutsOf(lines, style)).toEqual([0, M, 2 * M, 3 * M]);
    // 48 is a multiple of 3: the next multiple of 3 after 48 lines.
    expect(cutsOf(lines, three)).toEqual([0, 48, 96, 144]);
    three.layout.linesPerScreen = 5;
    expect(cutsOf(lines, three)).toEqual([0, 50, 100, 150]);
    const cuts = cutsOf(lines, style);
    // Two rows of margin: the lines on screen are never a window's first or last ones.
    expect(windowAt(lines, cuts, lines[M + 1]!.start, 2)).toEqual({ from: 0, to: 2 * M });
    expect(windowAt(lines, cuts, lines[M + 5]!.start, 2)).toEqual({ from: M, to: 2 * M });
    expect(windowAt(lines, cuts, lines[2 * M - 2]!.start, 2)).toEqual({ from: M, to: 3 * M });
  });

  it('without breaks, the lines drawn are those of the whole song, in the same rows', () => {
    const long = song(MAX_WINDOW_LINES * 3 + 10, 0.6);
    const end = (long.at(-1)?.end ?? 0) + 2;
    const full = layoutKaraoke({ items: long, style, width: 1920, height: 1080, duration: end });
    const scene = createScene(
      { source: itemsSource(long), style, duration: end },
      { wholeSongItems: 0 },
    );
    const what = (frame: KaraokeFrame) =>
      frame.lines.map((l) => `${l.line.slot}:${l.line.segments.map((s) => s.text).join('')}`);
    for (let t = 0; t < end; t += 0.25)
      expect(what(scene.at(t).frame), `t=${t}`).toEqual(what(frameAt(full, t)));
  });
});

describe('windowAt', () => {
  const lines = [0, 1, 2, 10, 11, 20].map((start) => ({ start, end: start + 0.5 }));
  const cuts = [0, 3, 5];
  it.each([
    // margin 0
    [-1, 0, 3], // before the song: the first window
    [1.5, 0, 3],
    [5, 0, 5], // in the break before line 3: the lines on both sides
    [10.2, 3, 5],
    [15, 3, 6],
    [25, 5, 6],
  ])('t=%d -> lines %d..%d', (t, from, to) => {
    expect(windowAt(lines, cuts, t)).toEqual({ from, to });
  });
  it('with a margin, reaches one cut further each way when near one', () => {
    expect(windowAt(lines, cuts, 10.2, 1)).toEqual({ from: 0, to: 6 });
    expect(windowAt(lines, cuts, 11.2, 1)).toEqual({ from: 3, to: 6 });
  });
});
