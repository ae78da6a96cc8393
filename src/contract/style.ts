import { z } from 'zod';

/**
 * The visual style of a karaoke video. Every member has the default the spec shows, so
 * `StyleObjectSchema.parse({})` is the style of a new preset. Colours the spec leaves open are
 * our choice (docs/api-decisions.md). Unknown members are kept out of types but tolerated.
 */
export const ColourSchema = z
  .string()
  .regex(
    /^(#[0-9a-fA-F]{3,8}|transparent|rgba?\(\s*[\d.]+\s*,\s*[\d.]+\s*,\s*[\d.]+\s*(,\s*[\d.]+\s*)?\))$/,
    'a colour is #RRGGBB, transparent or rgba(r,g,b,a)',
  );

const num = (value: number) => z.number().default(value);
const bool = (value: boolean) => z.boolean().default(value);
const str = (value: string) => z.string().default(value);
const colour = (value: string) => ColourSchema.default(value);

export const FontSourceSchema = z.looseObject({ type: str('catalog') });

export const textStyleSchema = (fontSize: number, outlineWidth: number) =>
  z.object({
    fontFamily: str('Noto Sans'),
    fontSource: FontSourceSchema.prefault({}),
    fontSize: num(fontSize),
    fontWeight: num(700),
    fontStyle: str('normal'),
    textColor: colour('#FFFFFF'),
    outlineColor: colour('#000000'),
    outlineWidth: num(outlineWidth),
  });
export const TextStyleSchema = textStyleSchema(96, 8);
export type TextStyle = z.infer<typeof TextStyleSchema>;

export const ChordTextStyleSchema = textStyleSchema(96, 20).extend({
  textEffect: str('karaoke'),
  activeLineColor: colour('#FFD400'),
  effectColor: colour('#2F80ED'),
  activeOutlineColor: z.string().default('#000000'),
  backgroundColor: colour('transparent'),
  letterSpacing: num(0),
  lineSpacing: num(1.2),
  textCase: str('none'),
  textDirection: str('auto'),
  shadowColor: colour('rgba(0,0,0,0.5)'),
  shadowBlur: num(4),
  shadowOffsetX: num(0),
  shadowOffsetY: num(0),
  duetPosition: str('center'),
  shadowOpacity: num(0.5),
});
export type ChordTextStyle = z.infer<typeof ChordTextStyleSchema>;

export const LayoutSchema = z.object({
  type: z.literal('karaoke').default('karaoke'),
  autoSplitLongLines: bool(true),
  linesPerScreen: num(2),
  alignment: str('bottom'),
  paddingHorizontal: num(0),
  paddingVertical: num(5),
  languageSpacing: num(5),
  containerHeight: num(100),
  scrollingFadeStrength: num(0.5),
  lineTransition: str('fade'),
  anticipationBuffer: num(3),
});

export const TrimSchema = z.object({ startSeconds: num(0), endSeconds: num(0) });

const introOutro = z.object({
  enabled: bool(false),
  /** Ours: the media item (a video) to play; absent or '': the account's newest intro/outro. */
  mediaId: z.string().optional(),
  durationSeconds: num(0),
  effect: str('fade'),
  effectDuration: num(0.5),
});

const barStyle = (outlineWidth: number) =>
  z.object({
    color: colour('#FFFFFF'),
    outlineColor: colour('#000000'),
    outlineWidth: num(outlineWidth),
  });

export const OverlaysSchema = z.object({
  branding: z
    .object({
      logo: z
        .object({
          enabled: bool(false),
          position: str('bottom-right'),
          paddingX: num(20),
          paddingY: num(20),
          scale: num(0.1),
          opacity: num(1),
        })
        .prefault({}),
      intro: introOutro.prefault({}),
      outro: introOutro.prefault({}),
    })
    .prefault({}),
  titleCard: z
    .object({
      enabled: bool(true),
      duration: num(5),
      autoHideBeforeLyrics: bool(true),
      titleStyle: textStyleSchema(200, 30).prefault({}),
      artistStyle: textStyleSchema(150, 30).prefault({}),
    })
    .prefault({}),
  leadIn: z
    .object({
      enabled: bool(true),
      appearance: str('classic'),
      beats: num(4),
      minGap: num(3),
      useNextSingerStyle: bool(true),
      style: barStyle(3).prefault({}),
      width: num(0.2),
      fadeTailWidth: num(0.6),
      height: num(1),
      offsetX: num(-2),
      offsetY: num(0),
    })
    .prefault({}),
  instrumentalBreak: z
    .object({ hideLyrics: bool(true), minGap: num(5), displayDuration: num(3) })
    .prefault({}),
  breakCountdown: z
    .object({
      enabled: bool(true),
      maxDuration: num(3),
      animation: str('fade'),
      useNextSingerStyle: bool(false),
      style: barStyle(14.5).prefault({}),
      textSize: num(80),
      hideBeforeEnd: num(0),
    })
    .prefault({}),
  breakProgressBar: z
    .object({
      enabled: bool(true),
      maxDuration: num(10),
      useNextSingerStyle: bool(false),
      style: barStyle(5)
        .extend({
          backgroundColor: colour('rgba(0,0,0,0.4)'),
          fillColor: colour('#FFD400'),
        })
        .prefault({}),
      width: num(47),
      height: num(7.5),
      position: str('center'),
      cornerRadius: num(0),
      hideBeforeEnd: num(0),
    })
    .prefault({}),
});

export const StyleObjectSchema = z.object({
  aspectRatio: str('16:9'),
  layout: LayoutSchema.prefault({}),
  background: z.looseObject({ type: str('auto') }).prefault({}),
  singerTextStyles: z.record(z.string(), z.unknown()).default({}),
  languageTextStyles: z.record(z.string(), z.unknown()).default({}),
  trim: TrimSchema.prefault({}),
  chordTextStyle: ChordTextStyleSchema.prefault({}),
  overlays: OverlaysSchema.prefault({}),
});
export type StyleObject = z.infer<typeof StyleObjectSchema>;

/** The style of a new preset: every default the spec shows. */
export const defaultStyle = (): StyleObject => StyleObjectSchema.parse({});
