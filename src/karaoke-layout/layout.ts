import type { StyleObject, TextStyle } from '../contract/style';
import { BLACK, mix, parseColour, WHITE, type Rgba } from './colour';
import { estimateTextWidth, type FontSpec, type MeasureText } from './measure';

/** One word or sub-word of an alignment (the contract's AlignmentItem, only what is drawn). */
export interface LayoutItem {
  readonly line: number;
  readonly word: number;
  readonly subword: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly singer?: number | undefined;
  /** Translations (ADR 0017): a line's on its first item, a word's reading on its first sub-word. */
  readonly translations?: Readonly<Record<string, { readonly text: string }>> | undefined;
}

export interface LayoutInput {
  readonly items: readonly LayoutItem[];
  readonly style: StyleObject;
  /** The frame in pixels: the video's, or the preview canvas's. */
  readonly width: number;
  readonly height: number;
  /** Text measure for this frame's pixels; `estimateTextWidth` when absent. */
  readonly measure?: MeasureText | undefined;
  /** For the title card. */
  readonly title?: string | undefined;
  readonly artists?: readonly string[] | undefined;
  /** Seconds of the song (bounds the title card and the last hold). */
  readonly duration?: number | undefined;
  /**
   * The project's `displayLanguages`: each line's translation in these, in this order, under
   * it in `languageTextStyles[lang]`, spaced by `layout.languageSpacing`.
   */
  readonly languages?: readonly string[] | undefined;
}

/** What a line is drawn in. `text`: waiting lines; `active`: the unsung part of the line being sung; `fill`: what is sung. */
export interface LineColours {
  readonly text: Rgba;
  readonly active: Rgba;
  readonly fill: Rgba;
  readonly outline: Rgba;
  readonly shadow: Rgba;
}

/** One item of a line: a word or a sub-word, filled from `start` to `end`. */
export interface LaidSegment {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Left edge, relative to the line's left edge (pixels). */
  readonly x: number;
  readonly width: number;
  /** A space follows (the word ends here and another follows on this line). */
  readonly space: boolean;
  readonly singer: number | undefined;
}

export type HorizontalAlign = 'left' | 'center' | 'right';

/** One line as shown: a lyric line, or a piece of one split to fit the frame. */
export interface LaidLine {
  /** Position in `layout.lines` (the order lines are sung). */
  readonly id: number;
  /** The alignment's `line` index, and which piece of it (0 unless split). */
  readonly sourceLine: number;
  readonly part: number;
  readonly singer: number | undefined;
  /** First segment's start, last segment's end. */
  readonly start: number;
  readonly end: number;
  /** On screen from `show` to `hide` (seconds of the song), faded in/out by the transition. */
  readonly show: number;
  readonly hide: number;
  /** Row of the screen (0 = top row of the block). */
  readonly slot: number;
  readonly align: HorizontalAlign;
  /** Left edge of the text and vertical centre of its row (pixels). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly font: FontSpec;
  readonly colours: LineColours;
  /** Outline width and shadow offset (pixels). */
  readonly outline: number;
  readonly shadow: { readonly x: number; readonly y: number; readonly blur: number };
  readonly segments: readonly LaidSegment[];
  /** Its translations under it (the last piece of a split line carries them), centred at x/y. */
  readonly translations: readonly LaidTranslation[];
}

/** A line's translation in one language: static text (not filled), under its line. */
export interface LaidTranslation extends LaidText {
  readonly lang: string;
}

/** A gap between lines long enough to be an instrumental break. */
export interface LaidBreak {
  /** End of the last line before it, start of the first line after it. */
  readonly start: number;
  readonly end: number;
  /** Lyrics are hidden (style `instrumentalBreak.hideLyrics`) from / until. */
  readonly hidden: boolean;
  /** A countdown of whole seconds (3, 2, 1) from `from` to `to`, or null. */
  readonly countdown: (TimeSpan & Omit<LaidText, 'text'>) | null;
  /** A bar filling from `from` to `to`, or null. */
  readonly progress:
    | (TimeSpan &
        Outlined & {
          readonly x: number;
          readonly y: number;
          readonly width: number;
          readonly height: number;
          readonly background: Rgba;
          readonly fill: Rgba;
        })
    | null;
}

/** A bar that empties into the first word of a line that follows a gap, from `from` to `to`. */
export interface LaidLeadIn extends TimeSpan, Outlined {
  readonly line: number;
  /** Right end of the bar (at full width), vertical centre, full width and height (pixels). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly colour: Rgba;
}

/** From `from` to `to` (seconds of the song). */
export interface TimeSpan {
  readonly from: number;
  readonly to: number;
}

/** An outline: its colour and width (pixels). */
export interface Outlined {
  readonly outlineColour: Rgba;
  readonly outline: number;
}

export interface LaidText extends Outlined {
  readonly text: string;
  /** Horizontal and vertical centre (pixels). */
  readonly x: number;
  readonly y: number;
  readonly font: FontSpec;
  readonly colour: Rgba;
}

export interface LaidTitleCard extends TimeSpan {
  readonly title: LaidText;
  readonly artists: LaidText | null;
}

export type LaidBackground =
  | { readonly kind: 'solid'; readonly colour: Rgba }
  | { readonly kind: 'gradient'; readonly from: Rgba; readonly to: Rgba };

export type LineTransition = 'fade' | 'none' | 'slide';

export interface KaraokeLayout {
  readonly width: number;
  readonly height: number;
  /** Pixels of this frame per pixel of the style (sizes are given for a 1080-pixel short side). */
  readonly scale: number;
  readonly lines: readonly LaidLine[];
  readonly breaks: readonly LaidBreak[];
  readonly leadIns: readonly LaidLeadIn[];
  readonly titleCard: LaidTitleCard | null;
  readonly transition: LineTransition;
  /** Seconds a line takes to fade or slide in and out. */
  readonly transitionSeconds: number;
  readonly background: LaidBackground;
  /** Row height and the rows' count (the block of lines on screen). */
  readonly rowHeight: number;
  readonly rows: number;
}

/** The style's sizes are pixels of a frame whose short side is this. */
export const REFERENCE_SHORT_SIDE = 1080;
/** Seconds the lines stay after the last line before a break (or the song's last line) ends. */
export const HOLD_AFTER_LINES = 0.5;
/** Seconds of a fade or slide. */
export const TRANSITION_SECONDS = 0.2;
/** The lead-in's length when the gap allows it (no tempo is known: 4 beats at 120 bpm). */
export const LEAD_IN_SECONDS_PER_BEAT = 0.5;
/** Part of the frame width kept clear at each side even with no padding. */
const SAFE_MARGIN = 0.04;

/** Fill colours for singers 1, 2, 3… when the style gives them none (singer 0 uses the style's). */
export const SINGER_PALETTE: readonly string[] = [
  '#FF5FA2',
  '#3DDC84',
  '#FF9F1C',
  '#B388FF',
  '#4DD0E1',
];

const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function fontOf(
  style: Pick<TextStyle, 'fontFamily' | 'fontWeight' | 'fontStyle'>,
  size: number,
): FontSpec {
  return {
    family: style.fontFamily || 'Noto Sans',
    size,
    weight: num(style.fontWeight, 700),
    italic: style.fontStyle === 'italic',
  };
}

/** A singer's own text style (`singerTextStyles["1"]`), the members that are set. */
function singerOverrides(style: StyleObject, singer: number): Record<string, unknown> {
  const own = style.singerTextStyles[String(singer)];
  return own && typeof own === 'object' ? (own as Record<string, unknown>) : {};
}

function coloursFor(style: StyleObject, singer: number | undefined, duet: boolean): LineColours {
  const t = style.chordTextStyle;
  const own = singer === undefined ? {} : singerOverrides(style, singer);
  const str = (key: string) => (typeof own[key] === 'string' ? own[key] : undefined);
  const base: LineColours = {
    text: parseColour(t.textColor, WHITE),
    active: parseColour(t.activeLineColor, parseColour('#FFD400', WHITE)),
    fill: parseColour(t.effectColor, parseColour('#2F80ED', WHITE)),
    outline: parseColour(t.outlineColor, BLACK),
    shadow: {
      ...parseColour(t.shadowColor, BLACK),
      a: Math.max(0, Math.min(1, num(t.shadowOpacity, 0.5))),
    },
  };
  // A duet's other singers are told apart by colour even when the style names none.
  const palette =
    duet && singer !== undefined && singer > 0 && Object.keys(own).length === 0
      ? parseColour(SINGER_PALETTE[(singer - 1) % SINGER_PALETTE.length], WHITE)
      : undefined;
  return {
    text: parseColour(str('textColor'), palette ?? base.text),
    active: parseColour(str('activeLineColor'), palette ?? base.active),
    fill: parseColour(str('effectColor'), base.fill),
    outline: parseColour(str('outlineColor'), base.outline),
    shadow: base.shadow,
  };
}

interface SourceLine {
  line: number;
  items: LayoutItem[];
  start: number;
  singer: number | undefined;
}

/** Items grouped by line, in lyric order, lines in the order they are sung. Blank items are dropped. */
function groupLines(items: readonly LayoutItem[]): SourceLine[] {
  const byLine = new Map<number, LayoutItem[]>();
  for (const item of items) {
    if (item.text.trim() === '' || !Number.isFinite(item.start) || !Number.isFinite(item.end))
      continue;
    let list = byLine.get(item.line);
    if (!list) byLine.set(item.line, (list = []));
    list.push(item);
  }
  const lines: SourceLine[] = [];
  for (const [line, list] of byLine) {
    list.sort((a, b) => a.word - b.word || a.subword - b.subword || a.start - b.start);
    let start = Infinity;
    const singers = new Map<number, number>();
    for (const item of list) {
      if (item.start < start) start = item.start;
      if (item.singer !== undefined) singers.set(item.singer, (singers.get(item.singer) ?? 0) + 1);
    }
    let singer: number | undefined;
    let most = 0;
    for (const [s, n] of singers) if (n > most) [singer, most] = [s, n];
    lines.push({ line, items: list, start, singer });
  }
  return lines.sort((a, b) => a.start - b.start || a.line - b.line);
}

/**
 * A line's text in `lang` (ADR 0017): the first item's translation, or, when another item of the
 * line carries the language (a reading per word), the words' readings joined by spaces.
 */
export function lineTranslationText(items: readonly LayoutItem[], lang: string): string {
  const readings: string[] = [];
  let perWord = false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LayoutItem;
    const text = item.translations?.[lang]?.text;
    if (text === undefined) continue;
    if (i > 0) perWord = true;
    if (i > 0 && (items[i - 1] as LayoutItem).word === item.word && readings.length)
      readings[readings.length - 1] += text;
    else readings.push(text);
  }
  return (perWord ? readings.join(' ') : (readings[0] ?? '')).trim();
}

/** `languageTextStyles[lang]`, the members that are set. */
function languageStyle(style: StyleObject, lang: string): Record<string, unknown> {
  const own = style.languageTextStyles[lang];
  return own && typeof own === 'object' ? (own as Record<string, unknown>) : {};
}

/** Default size of a translation: this part of the lyric's. */
const TRANSLATION_SCALE = 0.55;

interface Piece {
  source: SourceLine;
  part: number;
  items: LayoutItem[];
  font: FontSpec;
}

/** Each word of a line: its items' range and its width (items measured one by one). */
interface WordBox {
  from: number;
  to: number;
  width: number;
}

function wordBoxes(items: readonly LayoutItem[], font: FontSpec, measure: MeasureText): WordBox[] {
  const words: WordBox[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LayoutItem;
    const width = measure(item.text.trim(), font);
    const last = words.at(-1);
    if (last && (items[i - 1] as LayoutItem).word === item.word) {
      last.to = i + 1;
      last.width += width;
    } else words.push({ from: i, to: i + 1, width });
  }
  return words;
}

/** The text of items as drawn: sub-words joined, words spaced. */
export function lineText(items: readonly LayoutItem[]): string {
  let text = '';
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LayoutItem;
    if (i > 0 && item.word !== (items[i - 1] as LayoutItem).word) text += ' ';
    text += item.text.trim();
  }
  return text;
}

/** Cuts words into pieces no wider than `limit` (greedy; a word wider than it is a piece alone). */
function cutWords(words: readonly WordBox[], space: number, limit: number): WordBox[][] {
  const pieces: WordBox[][] = [];
  let piece: WordBox[] = [];
  let width = 0;
  for (const word of words) {
    const added = piece.length === 0 ? word.width : width + space + word.width;
    if (piece.length > 0 && added > limit) {
      pieces.push(piece);
      piece = [word];
      width = word.width;
    } else {
      piece.push(word);
      width = added;
    }
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

const piecesWidth = (words: readonly WordBox[], space: number) =>
  words.reduce((sum, w) => sum + w.width, 0) + space * Math.max(0, words.length - 1);

/**
 * Splits a line wider than `maxWidth` at word boundaries into pieces that fit, about equally wide
 * (the fewest pieces, each near the whole width divided by their count); a piece that still does
 * not fit (one long word) is drawn smaller. Without auto-split the whole line is drawn smaller.
 */
function splitLine(
  source: SourceLine,
  font: FontSpec,
  maxWidth: number,
  measure: MeasureText,
  autoSplit: boolean,
): Piece[] {
  const items = source.items;
  const words = wordBoxes(items, font, measure);
  const space = measure(' ', font);
  const whole = piecesWidth(words, space);
  const smaller = (width: number): FontSpec =>
    width > maxWidth ? { ...font, size: Math.max(1, font.size * (maxWidth / width)) } : font;
  if (whole <= maxWidth) return [{ source, part: 0, items, font }];
  if (!autoSplit || words.length < 2) return [{ source, part: 0, items, font: smaller(whole) }];
  // Balanced: the narrowest width limit that still needs no more pieces than the greedy cut.
  let pieces = cutWords(words, space, maxWidth);
  let lo = whole / pieces.length;
  let hi = maxWidth;
  for (let i = 0; i < 16 && hi - lo > 0.5; i++) {
    const mid = (lo + hi) / 2;
    const cut = cutWords(words, space, mid);
    if (cut.length <= pieces.length) {
      hi = mid;
      pieces = cut;
    } else lo = mid;
  }
  return pieces.map((piece, part) => {
    const first = piece[0] as WordBox;
    const last = piece.at(-1) as WordBox;
    return {
      source,
      part,
      items: items.slice(first.from, last.to),
      font: smaller(piecesWidth(piece, space)),
    };
  });
}

function segmentsOf(
  items: readonly LayoutItem[],
  font: FontSpec,
  measure: MeasureText,
): LaidSegment[] {
  const segments: LaidSegment[] = [];
  const space = measure(' ', font);
  let x = 0;
  let lastEnd = -Infinity;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LayoutItem;
    const next = items[i + 1];
    const text = item.text.trim();
    const width = measure(text, font);
    // Fill runs in lyric order: an item that starts before the previous one ended waits for it.
    const start = Math.max(item.start, lastEnd);
    const end = Math.max(start, item.end);
    lastEnd = end;
    const spaced = next !== undefined && next.word !== item.word;
    segments.push({ text, start, end, x, width, space: spaced, singer: item.singer });
    x += width + (spaced ? space : 0);
  }
  return segments;
}

/** Fits a text to `maxWidth` by drawing it smaller. */
function fitText(text: string, font: FontSpec, maxWidth: number, measure: MeasureText): FontSpec {
  const width = measure(text, font);
  return width > maxWidth ? { ...font, size: Math.max(1, (font.size * maxWidth) / width) } : font;
}

function backgroundOf(style: StyleObject): LaidBackground {
  const bg = style.background as Record<string, unknown>;
  const colourAt = (key: string) => (typeof bg[key] === 'string' ? bg[key] : undefined);
  if (bg.type === 'color' || bg.type === 'colour' || bg.type === 'solid') {
    return { kind: 'solid', colour: parseColour(colourAt('color') ?? colourAt('colour'), BLACK) };
  }
  if (bg.type === 'gradient') {
    const colours = Array.isArray(bg.colors) ? (bg.colors as unknown[]) : [];
    const from = parseColour(colourAt('from') ?? (colours[0] as string | undefined), BLACK);
    const to = parseColour(colourAt('to') ?? (colours[1] as string | undefined), BLACK);
    return { kind: 'gradient', from, to };
  }
  // auto: a dark gradient tinted by the style's fill colour.
  const tint = parseColour(style.chordTextStyle.effectColor, parseColour('#2F80ED', WHITE));
  return { kind: 'gradient', from: mix(tint, BLACK, 0.72), to: mix(tint, BLACK, 0.93) };
}

/**
 * Lays out a karaoke video of `items` in `style` for a frame of `width` x `height` pixels: where
 * each line breaks, which lines are on screen when and where, their colours, every word's and
 * sub-word's fill times, the instrumental breaks with their countdown and progress bar, lead-ins
 * and the title card. Pure: the same input gives the same layout in the browser and the service.
 */
export function layoutKaraoke(input: LayoutInput): KaraokeLayout {
  const { style, width: W, height: H } = input;
  const measure = input.measure ?? estimateTextWidth;
  const scale = Math.min(W, H) / REFERENCE_SHORT_SIDE;
  const layout = style.layout;
  const text = style.chordTextStyle;
  const rows = Math.max(1, Math.min(8, Math.round(num(layout.linesPerScreen, 2))));
  const anticipation = Math.max(0, num(layout.anticipationBuffer, 3));
  const padX =
    (Math.max(0, Math.min(45, num(layout.paddingHorizontal, 0))) / 100 + SAFE_MARGIN) * W;
  const padY = (Math.max(0, Math.min(45, num(layout.paddingVertical, 5))) / 100) * H;
  const maxWidth = Math.max(1, W - 2 * padX);
  const baseFont = fontOf(text, Math.max(1, num(text.fontSize, 96) * scale));
  const lyricHeight = baseFont.size * Math.max(0.5, num(text.lineSpacing, 1.2));
  // Translations (the languages shown that any line has): a band each under every row.
  const sourcesAll = groupLines(input.items);
  const languages = (input.languages ?? []).filter((lang) =>
    sourcesAll.some((s) => s.items.some((i) => i.translations?.[lang] !== undefined)),
  );
  const spacing = Math.max(0, num(layout.languageSpacing, 5)) * scale;
  const trStyles = languages.map((lang) => {
    const own = languageStyle(style, lang);
    const str = (key: string) => (typeof own[key] === 'string' ? own[key] : undefined);
    const font = fontOf(
      {
        fontFamily: str('fontFamily') ?? text.fontFamily,
        fontWeight: num(own.fontWeight, 500),
        fontStyle: str('fontStyle') ?? 'normal',
      },
      Math.max(1, num(own.fontSize, num(text.fontSize, 96) * TRANSLATION_SCALE) * scale),
    );
    return {
      lang,
      font,
      colour: parseColour(str('textColor'), parseColour(text.textColor, WHITE)),
      outlineColour: parseColour(str('outlineColor'), parseColour(text.outlineColor, BLACK)),
      outline: Math.max(0, num(own.outlineWidth, num(text.outlineWidth, 20) * 0.6)) * scale * 0.25,
    };
  });
  const bandHeight = trStyles.reduce((h, t) => h + spacing + t.font.size * 1.2, 0);
  const rowHeight = lyricHeight + bandHeight;
  const blockHeight = rows * rowHeight;
  const blockTop =
    layout.alignment === 'top'
      ? padY
      : layout.alignment === 'center'
        ? (H - blockHeight) / 2
        : H - padY - blockHeight;
  const transition: LineTransition =
    layout.lineTransition === 'none' || layout.lineTransition === 'slide'
      ? layout.lineTransition
      : 'fade';
  const transitionSeconds = transition === 'none' ? 0 : TRANSITION_SECONDS;
  const duration = input.duration !== undefined && input.duration > 0 ? input.duration : Infinity;

  const sources = sourcesAll;
  const singers = new Set(sources.map((s) => s.singer).filter((s) => s !== undefined));
  const duet = singers.size > 1;
  const leftRight = duet && /left|right|side/i.test(String(text.duetPosition));
  const pieces = sources.flatMap((s) =>
    splitLine(s, baseFont, maxWidth, measure, layout.autoSplitLongLines),
  );

  // Breaks: gaps between consecutive lines of at least instrumentalBreak.minGap.
  const brk = style.overlays.instrumentalBreak;
  const minGap = Math.max(0.5, num(brk.minGap, 5));
  const starts = pieces.map((p) => p.items.reduce((m, i) => Math.min(m, i.start), Infinity));
  const ends = pieces.map((p) => p.items.reduce((m, i) => Math.max(m, i.end), -Infinity));
  // The latest end of the lines before each line, and whether a break comes before it.
  const endBefore: number[] = [];
  let runningEnd = -Infinity;
  const breakBefore: boolean[] = pieces.map((_, k) => {
    endBefore.push(runningEnd);
    runningEnd = Math.max(runningEnd, ends[k] as number);
    return k > 0 && (starts[k] as number) - (endBefore[k] as number) >= minGap;
  });

  // Title card.
  const tc = style.overlays.titleCard;
  let titleCard: LaidTitleCard | null = null;
  let lyricsFrom = -Infinity;
  if (tc.enabled && input.title) {
    const firstStart = pieces.length > 0 ? (starts[0] as number) : Infinity;
    const auto = tc.autoHideBeforeLyrics;
    const until = Math.min(
      Math.max(0, num(tc.duration, 5)),
      duration,
      auto ? Math.max(0, firstStart - Math.min(anticipation, 1)) : Infinity,
    );
    if (until > 0) {
      const titleFont = fitText(
        input.title,
        fontOf(tc.titleStyle, num(tc.titleStyle.fontSize, 200) * scale),
        maxWidth,
        measure,
      );
      const artistsText = (input.artists ?? []).join(', ');
      const artistFont = artistsText
        ? fitText(
            artistsText,
            fontOf(tc.artistStyle, num(tc.artistStyle.fontSize, 150) * scale),
            maxWidth,
            measure,
          )
        : titleFont;
      const gap = titleFont.size * 0.35;
      const total = titleFont.size + (artistsText ? gap + artistFont.size : 0);
      const top = (H - total) / 2;
      titleCard = {
        from: 0,
        to: until,
        title: {
          text: input.title,
          x: W / 2,
          y: top + titleFont.size / 2,
          font: titleFont,
          colour: parseColour(tc.titleStyle.textColor, WHITE),
          outlineColour: parseColour(tc.titleStyle.outlineColor, BLACK),
          outline: Math.max(0, num(tc.titleStyle.outlineWidth, 30)) * scale * 0.25,
        },
        artists: artistsText
          ? {
              text: artistsText,
              x: W / 2,
              y: top + titleFont.size + gap + artistFont.size / 2,
              font: artistFont,
              colour: parseColour(tc.artistStyle.textColor, WHITE),
              outlineColour: parseColour(tc.artistStyle.outlineColor, BLACK),
              outline: Math.max(0, num(tc.artistStyle.outlineWidth, 30)) * scale * 0.25,
            }
          : null,
      };
      if (auto) lyricsFrom = until;
    }
  }

  // Which lines are on screen when: each run of lines between breaks fills the rows in turn from
  // the top; a line takes its row when the line that had it has been sung (but at most
  // `anticipationBuffer` before its own start) and keeps it until the next one takes it.
  const n = pieces.length;
  const show = new Array<number>(n).fill(0);
  const hide = new Array<number>(n).fill(0);
  const slot = new Array<number>(n).fill(0);
  const runEnd = new Array<number>(n).fill(0);
  let runStart = 0;
  for (let k = 0; k < n; k++) {
    if (breakBefore[k] && brk.hideLyrics) runStart = k;
    slot[k] = (k - runStart) % rows;
    const start = starts[k] as number;
    const prevInRow = k - rows >= runStart ? (ends[k - rows] as number) : -Infinity;
    let s = Math.max(start - anticipation, prevInRow, lyricsFrom);
    // Shows never go back in time (frame.ts finds the lines on screen by a binary search).
    if (k > 0) s = Math.max(s, show[k - 1] as number);
    show[k] = Math.max(0, Math.min(s, start), k > 0 ? (show[k - 1] as number) : 0);
  }
  // The end of each run (the lines before a break, or the song's last lines).
  for (let k = n - 1, end = -Infinity; k >= 0; k--) {
    const nextBreak = k + 1 < n && breakBefore[k + 1] && brk.hideLyrics;
    if (k === n - 1 || nextBreak) end = -Infinity;
    end = Math.max(end, ends[k] as number);
    runEnd[k] = end;
  }
  for (let k = 0; k < n; k++) {
    const next = k + rows;
    const sameRun =
      next < n && slot[next] === slot[k] && !runBreakBetween(breakBefore, k, next, brk.hideLyrics);
    const h = sameRun
      ? (show[next] as number)
      : Math.min((runEnd[k] as number) + HOLD_AFTER_LINES, duration);
    const nextStart = k + 1 < n ? (starts[k + 1] as number) : Infinity;
    // Before a hidden break, never into the next run's lines.
    hide[k] = Math.max(
      (show[k] as number) + 0.01,
      sameRun ? h : Math.min(h, Math.max(nextStart - anticipation, runEnd[k] as number)),
    );
  }

  const lines: LaidLine[] = pieces.map((piece, k) => {
    const segments = segmentsOf(piece.items, piece.font, measure);
    const last = segments.at(-1);
    const width = last ? last.x + last.width : 0;
    const singer = piece.source.singer;
    const align: HorizontalAlign =
      leftRight && singer !== undefined ? (singer % 2 === 0 ? 'left' : 'right') : 'center';
    const x = align === 'left' ? padX : align === 'right' ? W - padX - width : (W - width) / 2;
    const y = blockTop + (slot[k] as number) * rowHeight + lyricHeight / 2;
    const lastPiece = pieces[k + 1]?.source !== piece.source;
    const translations: LaidTranslation[] = [];
    let below = y + baseFont.size / 2;
    for (const t of lastPiece ? trStyles : []) {
      const text = lineTranslationText(piece.source.items, t.lang);
      below += spacing;
      const font = text ? fitText(text, t.font, maxWidth, measure) : t.font;
      if (text) {
        const w = measure(text, font);
        translations.push({
          lang: t.lang,
          text,
          x: align === 'left' ? padX + w / 2 : align === 'right' ? W - padX - w / 2 : W / 2,
          y: below + (t.font.size * 1.2) / 2,
          font,
          colour: t.colour,
          outlineColour: t.outlineColour,
          outline: t.outline,
        });
      }
      below += t.font.size * 1.2;
    }
    return {
      id: k,
      sourceLine: piece.source.line,
      part: piece.part,
      singer,
      start: segments[0]?.start ?? 0,
      end: last?.end ?? 0,
      show: show[k] as number,
      hide: hide[k] as number,
      slot: slot[k] as number,
      align,
      x,
      y,
      width,
      font: piece.font,
      colours: coloursFor(style, singer, duet),
      outline: Math.max(0, num(text.outlineWidth, 20)) * scale * 0.25,
      shadow: {
        x: num(text.shadowOffsetX, 0) * scale,
        y: num(text.shadowOffsetY, 0) * scale,
        blur: Math.max(0, num(text.shadowBlur, 4)) * scale,
      },
      segments,
      translations,
    };
  });

  // Breaks with their countdown and progress bar.
  const breaks: LaidBreak[] = [];
  const cd = style.overlays.breakCountdown;
  const pb = style.overlays.breakProgressBar;
  for (let k = 1; k < n; k++) {
    if (!breakBefore[k]) continue;
    const start = endBefore[k] as number;
    const end = starts[k] as number;
    const cdLength = Math.min(Math.max(0, num(cd.maxDuration, 3)), end - start);
    const cdTo = end - Math.max(0, num(cd.hideBeforeEnd, 0));
    const pbLength = Math.min(Math.max(0, num(pb.maxDuration, 10)), end - start);
    const pbTo = end - Math.max(0, num(pb.hideBeforeEnd, 0));
    const barWidth = (Math.max(1, Math.min(100, num(pb.width, 47))) / 100) * W;
    const barHeight = Math.max(1, num(pb.height, 7.5) * scale);
    const cdFont = fontOf(text, Math.max(1, num(cd.textSize, 80) * scale));
    breaks.push({
      start,
      end,
      hidden: brk.hideLyrics,
      countdown:
        cd.enabled && cdLength >= 1 && cdTo > end - cdLength
          ? {
              from: end - cdLength,
              to: cdTo,
              x: W / 2,
              y: H / 2 - barHeight * 2 - cdFont.size * 0.6,
              font: cdFont,
              colour: parseColour(cd.style.color, WHITE),
              outlineColour: parseColour(cd.style.outlineColor, BLACK),
              outline: Math.max(0, num(cd.style.outlineWidth, 14.5)) * scale * 0.25,
            }
          : null,
      progress:
        pb.enabled && pbLength > 0 && pbTo > end - pbLength
          ? {
              from: end - pbLength,
              to: pbTo,
              x: (W - barWidth) / 2,
              y:
                pb.position === 'top'
                  ? padY + barHeight
                  : pb.position === 'bottom'
                    ? H - padY - barHeight
                    : H / 2,
              width: barWidth,
              height: barHeight,
              background: parseColour(pb.style.backgroundColor, { r: 0, g: 0, b: 0, a: 0.4 }),
              fill: parseColour(pb.style.fillColor, parseColour('#FFD400', WHITE)),
              outlineColour: parseColour(pb.style.outlineColor, BLACK),
              outline: Math.max(0, num(pb.style.outlineWidth, 5)) * scale * 0.25,
            }
          : null,
    });
  }

  // Lead-ins before lines that follow a gap of leadIn.minGap (or open the song).
  const li = style.overlays.leadIn;
  const leadIns: LaidLeadIn[] = [];
  if (li.enabled) {
    const leadSeconds = Math.max(0, num(li.beats, 4)) * LEAD_IN_SECONDS_PER_BEAT;
    let before = -Infinity;
    for (const line of lines) {
      const gap = line.start - before;
      before = Math.max(before, line.end);
      if (line.part > 0 || gap < Math.max(0, num(li.minGap, 3))) continue;
      const from = Math.max(line.show, line.start - leadSeconds);
      if (line.start - from < 0.2) continue;
      const colour =
        li.useNextSingerStyle && line.singer !== undefined
          ? line.colours.fill
          : parseColour(li.style.color, WHITE);
      leadIns.push({
        line: line.id,
        from,
        to: line.start,
        x: line.x + num(li.offsetX, -2) * scale * 4,
        y: line.y + num(li.offsetY, 0) * scale,
        width: Math.max(0, Math.min(1, num(li.width, 0.2))) * W * 0.5,
        height: Math.max(1, num(li.height, 1) * line.font.size * 0.12),
        colour,
        outlineColour: parseColour(li.style.outlineColor, BLACK),
        outline: Math.max(0, num(li.style.outlineWidth, 3)) * scale * 0.25,
      });
    }
  }

  return {
    width: W,
    height: H,
    scale,
    lines,
    breaks,
    leadIns,
    titleCard,
    transition,
    transitionSeconds,
    background: backgroundOf(style),
    rowHeight,
    rows,
  };
}

function runBreakBetween(
  breakBefore: readonly boolean[],
  a: number,
  b: number,
  hides: boolean,
): boolean {
  if (!hides) return false;
  for (let k = a + 1; k <= b; k++) if (breakBefore[k]) return true;
  return false;
}
