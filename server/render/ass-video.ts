import type { Rgba } from '../../src/karaoke-layout/colour';
import type {
  KaraokeLayout,
  LaidBreak,
  LaidLeadIn,
  LaidLine,
  LaidText,
  LaidTitleCard,
  LineTransition,
} from '../../src/karaoke-layout/layout';
import type { FontSpec } from '../../src/karaoke-layout/measure';

/**
 * The ASS script of a karaoke video, written from the shared layout (src/karaoke-layout): one
 * Dialogue event per laid line, on screen from its `show` to its `hide`, its words and sub-words
 * filled by `\kf`, its translations under it; the title card, countdown, progress bar and lead-ins
 * as events of their own.
 * libass (through ffmpeg's `subtitles` filter) draws it (docs/adr/0016-render-ass-libass.md).
 */

export interface AssOptions {
  /** Seconds of the song at the video's first frame, and at its end. */
  readonly from: number;
  readonly to: number;
  /** The installed family to draw `text` in, for the style's `family` (fonts.ts). */
  readonly family: (requested: string, text: string) => string;
}

/** `&HAABBGGRR` (ASS alpha is transparency: 00 opaque). */
export function assColour(c: Rgba): string {
  const hex = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .toUpperCase()
      .padStart(2, '0');
  return `&H${hex(255 - c.a * 255)}${hex(c.b)}${hex(c.g)}${hex(c.r)}`;
}
const rgb = (c: Rgba) => `${assColour({ ...c, a: 1 }).replace('&H00', '&H')}&`;
const alpha = (c: Rgba) =>
  `&H${Math.max(0, Math.min(255, Math.round(255 - c.a * 255)))
    .toString(16)
    .toUpperCase()
    .padStart(2, '0')}&`;

/** `h:mm:ss.cc` */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** Lyrics as ASS text: braces and backslashes would be read as override tags. */
export const assText = (text: string): string =>
  text
    .replace(/\\/g, '\u29f5')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/[\r\n]+/g, ' ');

const px = (n: number) => Math.round(n * 10) / 10;

/**
 * ASS font sizes are the line height (ascent + descent), the layout's are em sizes (as canvas and
 * CSS): Noto Sans and its scripts span 1.362 em, Noto Sans CJK 1.448 em, DejaVu Sans 1.164 em.
 */
function assFontSize(font: FontSpec, family: string): number {
  const span = /cjk/i.test(family) ? 1.448 : /dejavu/i.test(family) ? 1.164 : 1.362;
  return px(font.size * span);
}

function fontTags(font: FontSpec, family: string): string {
  return `\\fn${family}\\fs${assFontSize(font, family)}\\b${Math.round(font.weight)}\\i${font.italic ? 1 : 0}`;
}

function transitionTags(
  transition: LineTransition,
  seconds: number,
  clippedIn: boolean,
  clippedOut: boolean,
): string {
  if (transition !== 'fade' || seconds <= 0) return '';
  const ms = Math.round(seconds * 1000);
  return `\\fad(${clippedIn ? 0 : ms},${clippedOut ? 0 : ms})`;
}

export interface AssEvent {
  readonly layer: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** What it shows (for tests): `line:<id>`, `title`, `countdown`, `progress`, `lead-in`. */
  readonly kind: string;
}

/** The event of one laid line, or null when it is not within the video. */
export function lineEvent(layout: KaraokeLayout, line: LaidLine, o: AssOptions): AssEvent | null {
  const start = Math.max(line.show, o.from);
  const end = Math.min(line.hide, o.to);
  if (end - start < 0.005) return null;
  const text = line.segments.map((s) => s.text + (s.space ? ' ' : '')).join('');
  const family = o.family(line.font.family, text);
  const c = line.colours;
  const anchor = line.align === 'left' ? 4 : line.align === 'right' ? 6 : 5;
  const x =
    line.align === 'left'
      ? line.x
      : line.align === 'right'
        ? line.x + line.width
        : line.x + line.width / 2;
  const eventStart = start - o.from;
  const pos =
    layout.transition === 'slide' && line.show >= o.from
      ? `\\move(${px(x)},${px(line.y + layout.rowHeight * 0.5)},${px(x)},${px(line.y)},0,${Math.round(layout.transitionSeconds * 1000)})`
      : `\\pos(${px(x)},${px(line.y)})`;
  // Waiting: text colour; from the line's first word: the active colour; sung: the fill colour.
  const activeAt = Math.round((line.start - start) * 1000);
  const activeTag = activeAt > 0 ? `\\t(${activeAt},${activeAt + 1},\\2c${rgb(c.active)})` : '';
  const secondary = activeAt > 0 ? c.text : c.active;
  let tags =
    `{\\an${anchor}${pos}${fontTags(line.font, family)}` +
    `\\bord${px(line.outline)}\\xshad${px(line.shadow.x)}\\yshad${px(line.shadow.y)}` +
    (line.shadow.blur > 0 ? `\\blur${px(Math.min(line.shadow.blur, 20) / 4)}` : '') +
    `\\1c${rgb(c.fill)}\\2c${rgb(secondary)}\\3c${rgb(c.outline)}\\4c${rgb(c.shadow)}\\4a${alpha(c.shadow)}` +
    `${activeTag}${transitionTags(layout.transition, layout.transitionSeconds, line.show < o.from, line.hide > o.to)}}`;
  // \k runs in centiseconds from the event's start; times rounded once, so nothing drifts.
  let at = 0;
  const cs = (t: number) => Math.round((t - start) * 100);
  for (const seg of line.segments) {
    const s = Math.max(at, cs(seg.start));
    const e = Math.max(s, cs(seg.end));
    if (s > at) tags += `{\\k${s - at}}`;
    tags += `{\\kf${e - s}}${assText(seg.text)}${seg.space ? ' ' : ''}`;
    at = e;
  }
  return { layer: 1, start: eventStart, end: end - o.from, text: tags, kind: `line:${line.id}` };
}

function textEvent(
  t: LaidText,
  from: number,
  to: number,
  fade: string,
  family: string,
  kind: string,
): AssEvent {
  return {
    layer: 2,
    start: from,
    end: to,
    kind,
    text:
      `{\\an5\\pos(${px(t.x)},${px(t.y)})${fontTags(t.font, family)}\\bord${px(t.outline)}\\shad0` +
      `\\1c${rgb(t.colour)}\\1a${alpha(t.colour)}\\3c${rgb(t.outlineColour)}${fade}}${assText(t.text)}`,
  };
}

const rect = (w: number, h: number) => `m 0 0 l ${px(w)} 0 ${px(w)} ${px(h)} 0 ${px(h)}`;

/** Events within [from, to) of the video, shifted to start at 0. */
function within(events: AssEvent[], o: AssOptions): AssEvent[] {
  const out: AssEvent[] = [];
  for (const e of events) {
    const start = Math.max(e.start, o.from);
    const end = Math.min(e.end, o.to);
    if (end - start >= 0.005) out.push({ ...e, start: start - o.from, end: end - o.from });
  }
  return out;
}

/** Every event of the video, in time order (times relative to the video's first frame). */
export function assEvents(layout: KaraokeLayout, o: AssOptions): AssEvent[] {
  const events: AssEvent[] = [];
  const overlays: AssEvent[] = [];
  for (const line of layout.lines) {
    if (line.hide <= o.from || line.show >= o.to) continue;
    const e = lineEvent(layout, line, o);
    if (e) events.push(e);
    overlays.push(...translationEvents(layout, line, o));
  }
  if (layout.titleCard) overlays.push(...titleCardEvents(layout.titleCard, o));
  for (const b of layout.breaks) overlays.push(...countdownEvents(b, o), ...progressEvents(b, o));
  for (const li of layout.leadIns) overlays.push(leadInEvent(li, o));
  events.push(...within(overlays, o));
  return events.sort((a, b) => a.start - b.start || a.layer - b.layer);
}

/** A line's translations (the project's displayLanguages): static text under it, shown with it. */
function translationEvents(layout: KaraokeLayout, line: LaidLine, o: AssOptions): AssEvent[] {
  const fade = transitionTags(
    layout.transition,
    layout.transitionSeconds,
    line.show < o.from,
    line.hide > o.to,
  );
  return line.translations.map((t) => ({
    ...textEvent(
      t,
      line.show,
      line.hide,
      fade,
      o.family(t.font.family, t.text),
      `translation:${line.id}:${t.lang}`,
    ),
    layer: 1,
  }));
}

function titleCardEvents(card: LaidTitleCard, o: AssOptions): AssEvent[] {
  const fade = `\\fad(0,${Math.round(Math.min(0.4, (card.to - card.from) / 4) * 1000)})`;
  const texts = card.artists ? [card.title, card.artists] : [card.title];
  return texts.map((t) =>
    textEvent(t, card.from, card.to, fade, o.family(t.font.family, t.text), 'title'),
  );
}

/** A break's countdown: one event a whole second (3, 2, 1). */
function countdownEvents(b: LaidBreak, o: AssOptions): AssEvent[] {
  const cd = b.countdown;
  if (!cd) return [];
  const events: AssEvent[] = [];
  for (let v = Math.ceil(b.end - cd.from); v >= 1; v--) {
    const from = Math.max(cd.from, b.end - v);
    const to = Math.min(cd.to, b.end - v + 1);
    if (to <= from) continue;
    const t: LaidText = {
      text: String(v),
      x: cd.x,
      y: cd.y,
      font: cd.font,
      colour: cd.colour,
      outlineColour: cd.outlineColour,
      outline: cd.outline,
    };
    events.push(textEvent(t, from, to, '', o.family(cd.font.family, t.text), 'countdown'));
  }
  return events;
}

/** A break's progress bar: its box, and the fill clipped to a rectangle that grows to its end. */
function progressEvents(b: LaidBreak, o: AssOptions): AssEvent[] {
  const pb = b.progress;
  if (!pb) return [];
  const box = `\\an7\\pos(${px(pb.x)},${px(pb.y - pb.height / 2)})\\shad0`;
  const x0 = px(pb.x);
  const y0 = px(pb.y - pb.height / 2);
  const y1 = px(pb.y + pb.height / 2);
  const startMs = Math.max(0, Math.round((o.from - pb.from) * 1000));
  const growMs = Math.round((b.end - pb.from) * 1000);
  const clippedFrom = pb.from < o.from ? (o.from - pb.from) / (b.end - pb.from) : 0;
  const x1Start = px(pb.x + pb.width * clippedFrom);
  return [
    {
      layer: 2,
      start: pb.from,
      end: pb.to,
      kind: 'progress',
      text: `{${box}\\bord${px(pb.outline)}\\1c${rgb(pb.background)}\\1a${alpha(pb.background)}\\3c${rgb(pb.outlineColour)}\\p1}${rect(pb.width, pb.height)}`,
    },
    {
      layer: 3,
      start: pb.from,
      end: pb.to,
      kind: 'progress',
      text: `{${box}\\bord0\\1c${rgb(pb.fill)}\\1a${alpha(pb.fill)}\\clip(${x0},${y0},${x1Start},${y1})\\t(0,${Math.max(1, growMs - startMs)},\\clip(${x0},${y0},${px(pb.x + pb.width)},${y1}))\\p1}${rect(pb.width, pb.height)}`,
    },
  ];
}

function leadInEvent(li: LaidLeadIn, o: AssOptions): AssEvent {
  const clipped = li.from < o.from ? (o.from - li.from) / (li.to - li.from) : 0;
  const ms = Math.max(1, Math.round((li.to - Math.max(li.from, o.from)) * 1000));
  return {
    layer: 2,
    start: li.from,
    end: li.to,
    kind: 'lead-in',
    text: `{\\an6\\pos(${px(li.x)},${px(li.y)})\\shad0\\bord${px(li.outline)}\\1c${rgb(li.colour)}\\1a${alpha(li.colour)}\\3c${rgb(li.outlineColour)}\\fscx${Math.round((1 - clipped) * 100)}\\t(0,${ms},\\fscx0)\\p1}${rect(li.width, li.height)}`,
  };
}

/** The whole `.ass` file. */
export function assScript(layout: KaraokeLayout, o: AssOptions): string {
  const head = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${Math.round(layout.width)}`,
    `PlayResY: ${Math.round(layout.height)}`,
    // Lines are broken by the layout, never by libass.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Noto Sans,48,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,2,0,5,0,0,0,1',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const lines = assEvents(layout, o).map(
    // The Name field (ignored by libass) says what the event shows: `line:<id>` ties it to the layout.
    (e) =>
      `Dialogue: ${e.layer},${assTime(e.start)},${assTime(e.end)},Default,${e.kind},0,0,0,,${e.text}`,
  );
  return `${head.join('\n')}\n${lines.join('\n')}\n`;
}

/** The script with every colour white, opacities kept: drawn on black it is the alpha plane. */
export const alphaMaskScript = (script: string): string =>
  script
    .replace(/\\([1-4])c&H[0-9A-F]{6}&/g, '\\$1c&HFFFFFF&')
    .replace(/^Style: Default,.*$/m, (style) =>
      style.replace(/&H([0-9A-F]{2})[0-9A-F]{6}/g, '&H$1FFFFFF'),
    );
