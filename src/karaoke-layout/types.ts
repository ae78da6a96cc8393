/** The layout's input and what it lays out (see layout.ts). */
import type { Rgba } from './colour';
import type { FontSpec, MeasureText } from './measure';
import type { StyleObject } from '../contract/style';

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
