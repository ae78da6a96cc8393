import type { StyleObject } from '../contract/style';
import { BLACK, mix, parseColour, WHITE, type Rgba } from './colour';
import { estimateTextWidth, type FontSpec, type MeasureText } from './measure';
import { layBreaks, layLeadIns, layTitleCard, type OverlayFrame } from './overlays';
import { planBreaks, scheduleLines, type LineTimes } from './schedule';
import { fitText, fontOf, num, outlineWidth } from './style-values';
import type {
  HorizontalAlign,
  KaraokeLayout,
  LaidBackground,
  LaidLine,
  LaidSegment,
  LaidTranslation,
  LayoutInput,
  LayoutItem,
  LineColours,
  LineTransition,
} from './types';

export * from './types';
export { LEAD_IN_SECONDS_PER_BEAT } from './overlays';

/** The style's sizes are pixels of a frame whose short side is this. */
export const REFERENCE_SHORT_SIDE = 1080;
/** Seconds the lines stay after the last line before a break (or the song's last line) ends. */
export const HOLD_AFTER_LINES = 0.5;
/** Seconds of a fade or slide. */
export const TRANSITION_SECONDS = 0.2;
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

/** A translation language's font and colours (its band under each row). */
interface TranslationStyle {
  readonly lang: string;
  readonly font: FontSpec;
  readonly colour: Rgba;
  readonly outlineColour: Rgba;
  readonly outline: number;
}

function translationStyles(
  style: StyleObject,
  languages: readonly string[],
  scale: number,
): TranslationStyle[] {
  const text = style.chordTextStyle;
  return languages.map((lang) => {
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
}

/** The frame's geometry for a style: paddings, fonts, rows and where the block of rows sits. */
interface Geometry extends OverlayFrame {
  readonly rows: number;
  readonly anticipation: number;
  readonly padX: number;
  readonly baseFont: FontSpec;
  readonly lyricHeight: number;
  /** Space above each translation band, and the bands' styles. */
  readonly spacing: number;
  readonly translations: readonly TranslationStyle[];
  readonly rowHeight: number;
  readonly blockTop: number;
  /** Seconds of the song (Infinity when unknown). */
  readonly duration: number;
}

function geometryOf(
  input: LayoutInput,
  languages: readonly string[],
  measure: MeasureText,
): Geometry {
  const { style, width: W, height: H } = input;
  const scale = Math.min(W, H) / REFERENCE_SHORT_SIDE;
  const layout = style.layout;
  const text = style.chordTextStyle;
  const rows = Math.max(1, Math.min(8, Math.round(num(layout.linesPerScreen, 2))));
  const padX =
    (Math.max(0, Math.min(45, num(layout.paddingHorizontal, 0))) / 100 + SAFE_MARGIN) * W;
  const padY = (Math.max(0, Math.min(45, num(layout.paddingVertical, 5))) / 100) * H;
  const baseFont = fontOf(text, Math.max(1, num(text.fontSize, 96) * scale));
  const lyricHeight = baseFont.size * Math.max(0.5, num(text.lineSpacing, 1.2));
  const spacing = Math.max(0, num(layout.languageSpacing, 5)) * scale;
  const translations = translationStyles(style, languages, scale);
  const bandHeight = translations.reduce((h, t) => h + spacing + t.font.size * 1.2, 0);
  const rowHeight = lyricHeight + bandHeight;
  const blockHeight = rows * rowHeight;
  const blockTop =
    layout.alignment === 'top'
      ? padY
      : layout.alignment === 'center'
        ? (H - blockHeight) / 2
        : H - padY - blockHeight;
  return {
    width: W,
    height: H,
    scale,
    padY,
    maxWidth: Math.max(1, W - 2 * padX),
    measure,
    rows,
    anticipation: Math.max(0, num(layout.anticipationBuffer, 3)),
    padX,
    baseFont,
    lyricHeight,
    spacing,
    translations,
    rowHeight,
    blockTop,
    duration: input.duration !== undefined && input.duration > 0 ? input.duration : Infinity,
  };
}

/** A line's translations, stacked under it from `top` (pixels). */
function layTranslations(
  g: Geometry,
  items: readonly LayoutItem[],
  align: HorizontalAlign,
  top: number,
): LaidTranslation[] {
  const W = g.width;
  const laid: LaidTranslation[] = [];
  let below = top;
  for (const t of g.translations) {
    const text = lineTranslationText(items, t.lang);
    below += g.spacing;
    const font = text ? fitText(text, t.font, g.maxWidth, g.measure) : t.font;
    if (text) {
      const w = g.measure(text, font);
      laid.push({
        lang: t.lang,
        text,
        x: align === 'left' ? g.padX + w / 2 : align === 'right' ? W - g.padX - w / 2 : W / 2,
        y: below + (t.font.size * 1.2) / 2,
        font,
        colour: t.colour,
        outlineColour: t.outlineColour,
        outline: t.outline,
      });
    }
    below += t.font.size * 1.2;
  }
  return laid;
}

/** How lines are told apart by singer. */
interface Singers {
  readonly duet: boolean;
  /** Even singers on the left, odd on the right (duetPosition names a side). */
  readonly leftRight: boolean;
}

function layLine(
  style: StyleObject,
  g: Geometry,
  singers: Singers,
  pieces: readonly Piece[],
  k: number,
  times: LineTimes,
): LaidLine {
  const piece = pieces[k] as Piece;
  const text = style.chordTextStyle;
  const segments = segmentsOf(piece.items, piece.font, g.measure);
  const last = segments.at(-1);
  const width = last ? last.x + last.width : 0;
  const singer = piece.source.singer;
  const align: HorizontalAlign =
    singers.leftRight && singer !== undefined ? (singer % 2 === 0 ? 'left' : 'right') : 'center';
  const x =
    align === 'left'
      ? g.padX
      : align === 'right'
        ? g.width - g.padX - width
        : (g.width - width) / 2;
  const slot = times.slot[k] as number;
  const y = g.blockTop + slot * g.rowHeight + g.lyricHeight / 2;
  // The last piece of a split line carries its translations.
  const lastPiece = pieces[k + 1]?.source !== piece.source;
  return {
    id: k,
    sourceLine: piece.source.line,
    part: piece.part,
    singer,
    start: segments[0]?.start ?? 0,
    end: last?.end ?? 0,
    show: times.show[k] as number,
    hide: times.hide[k] as number,
    slot,
    align,
    x,
    y,
    width,
    font: piece.font,
    colours: coloursFor(style, singer, singers.duet),
    outline: outlineWidth(text.outlineWidth, 20, g.scale),
    shadow: {
      x: num(text.shadowOffsetX, 0) * g.scale,
      y: num(text.shadowOffsetY, 0) * g.scale,
      blur: Math.max(0, num(text.shadowBlur, 4)) * g.scale,
    },
    segments,
    translations: lastPiece
      ? layTranslations(g, piece.source.items, align, y + g.baseFont.size / 2)
      : [],
  };
}

/**
 * Lays out a karaoke video of `items` in `style` for a frame of `width` x `height` pixels: where
 * each line breaks, which lines are on screen when and where, their colours, every word's and
 * sub-word's fill times, the instrumental breaks with their countdown and progress bar, lead-ins
 * and the title card. Pure: the same input gives the same layout in the browser and the service.
 */
export function layoutKaraoke(input: LayoutInput): KaraokeLayout {
  const { style } = input;
  const measure = input.measure ?? estimateTextWidth;
  // Translations (the languages shown that any line has): a band each under every row.
  const sources = groupLines(input.items);
  const languages = (input.languages ?? []).filter((lang) =>
    sources.some((s) => s.items.some((i) => i.translations?.[lang] !== undefined)),
  );
  const g = geometryOf(input, languages, measure);
  const transition: LineTransition =
    style.layout.lineTransition === 'none' || style.layout.lineTransition === 'slide'
      ? style.layout.lineTransition
      : 'fade';
  const singerSet = new Set(sources.map((s) => s.singer).filter((s) => s !== undefined));
  const duet = singerSet.size > 1;
  const singers: Singers = {
    duet,
    leftRight: duet && /left|right|side/i.test(String(style.chordTextStyle.duetPosition)),
  };
  const pieces = sources.flatMap((s) =>
    splitLine(s, g.baseFont, g.maxWidth, measure, style.layout.autoSplitLongLines),
  );
  const brk = style.overlays.instrumentalBreak;
  const plan = planBreaks(pieces, Math.max(0.5, num(brk.minGap, 5)));
  const { titleCard, lyricsFrom } = layTitleCard(style, g, {
    title: input.title,
    artists: input.artists,
    firstStart: pieces.length > 0 ? (plan.starts[0] as number) : Infinity,
    anticipation: g.anticipation,
    duration: g.duration,
  });
  const times = scheduleLines(plan, {
    rows: g.rows,
    anticipation: g.anticipation,
    lyricsFrom,
    hideLyrics: brk.hideLyrics,
    hold: HOLD_AFTER_LINES,
    duration: g.duration,
  });
  const lines = pieces.map((_, k) => layLine(style, g, singers, pieces, k, times));
  return {
    width: g.width,
    height: g.height,
    scale: g.scale,
    lines,
    breaks: layBreaks(style, g, plan),
    leadIns: layLeadIns(style, g, lines),
    titleCard,
    transition,
    transitionSeconds: transition === 'none' ? 0 : TRANSITION_SECONDS,
    background: backgroundOf(style),
    rowHeight: g.rowHeight,
    rows: g.rows,
  };
}
