import { StyleObjectSchema, type StyleObject } from './style';

/**
 * Every StyleObject member the video uses, as one table: the service checks a replacement against
 * it (422 naming the field) and the app builds its style editor from it, so both say the same in
 * the same words. Choices beyond the spec's shown defaults are ours (docs/api-decisions.md).
 */

/** Font families the renderer has (Debian's fonts-noto-core, fonts-noto-cjk, fonts-dejavu-core). */
export const FONT_FAMILIES = [
  'Noto Sans',
  'Noto Serif',
  'Noto Sans Display',
  'Noto Serif Display',
  'Noto Sans CJK JP',
  'Noto Sans CJK KR',
  'Noto Sans CJK SC',
  'Noto Sans CJK TC',
  'Noto Serif CJK JP',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Devanagari',
  'Noto Sans Thai',
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
] as const;

/** Colours are `#RRGGBB`, `transparent` or `rgba(r,g,b,a)` (spec, StyleObject). */
const STRICT_COLOUR =
  /^(#[0-9a-fA-F]{6}|transparent|rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d+|1\.0+)\s*\))$/;

export const isStrictColour = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const m = STRICT_COLOUR.exec(value.trim());
  if (!m) return false;
  return [m[2], m[3], m[4]].every((c) => c === undefined || Number(c) <= 255);
};

export type StyleFieldKind = 'number' | 'colour' | 'choice' | 'toggle' | 'font' | 'media';

export interface StyleField {
  /** Dotted path inside the StyleObject: `layout.linesPerScreen`. */
  readonly path: string;
  readonly label: string;
  readonly kind: StyleFieldKind;
  readonly min?: number;
  readonly max?: number;
  /** The lowest value is excluded (a size must be more than 0). */
  readonly above?: number;
  readonly integer?: boolean;
  readonly step?: number;
  readonly unit?: string;
  readonly choices?: readonly { value: string; label: string }[];
  /** A `media` field: the media item type it offers (its value is an id, '' for the newest). */
  readonly mediaType?: 'intro-video' | 'outro-video';
  /** The choice is stored as a number (a font weight). */
  readonly numeric?: boolean;
  readonly hint?: string;
  /** A toggle path: the field matters only while it is on (shown, not hidden, when off). */
  readonly when?: string;
  /** Checked when stored, but the video does not use it yet: the editor shows no control. */
  readonly hidden?: boolean;
}

export interface StyleGroup {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly StyleField[];
}

const choice = (...values: [string, string][]) =>
  values.map(([value, label]) => ({ value, label }));

/** `${base}.outlineColor` and `${base}.outlineWidth` (0 to `max` px), labelled "<what> outline …". */
const outlineFields = (base: string, what: string, when?: string, max = 60): StyleField[] => [
  { path: `${base}.outlineColor`, label: `${what} outline colour`, kind: 'colour', when },
  {
    path: `${base}.outlineWidth`,
    label: `${what} outline width`,
    kind: 'number',
    min: 0,
    max,
    unit: 'px',
    when,
  },
];

const textFields = (base: string, what: string, when?: string): StyleField[] => [
  { path: `${base}.fontFamily`, label: `${what} font`, kind: 'font', when },
  {
    path: `${base}.fontSize`,
    label: `${what} size`,
    kind: 'number',
    min: 8,
    max: 400,
    unit: 'px at 1080p',
    when,
  },
  {
    path: `${base}.fontWeight`,
    label: `${what} weight`,
    kind: 'choice',
    numeric: true,
    choices: choice(
      ['100', 'Thin'],
      ['200', 'Extra light'],
      ['300', 'Light'],
      ['400', 'Regular'],
      ['500', 'Medium'],
      ['600', 'Semi-bold'],
      ['700', 'Bold'],
      ['800', 'Extra bold'],
      ['900', 'Black'],
    ),
    when,
  },
  {
    path: `${base}.fontStyle`,
    label: `${what} slant`,
    kind: 'choice',
    choices: choice(['normal', 'Upright'], ['italic', 'Italic']),
    when,
  },
  { path: `${base}.textColor`, label: `${what} colour`, kind: 'colour', when },
  ...outlineFields(base, what, when),
];

const barFields = (base: string, what: string, when: string): StyleField[] => [
  { path: `${base}.color`, label: `${what} colour`, kind: 'colour', when },
  ...outlineFields(base, what, when),
];

const seconds = (path: string, label: string, when?: string, max = 600): StyleField => ({
  path,
  label,
  kind: 'number',
  min: 0,
  max,
  step: 0.1,
  unit: 's',
  when,
});

export const STYLE_GROUPS: readonly StyleGroup[] = [
  {
    id: 'layout',
    title: 'Layout',
    fields: [
      {
        path: 'aspectRatio',
        label: 'Aspect ratio',
        kind: 'choice',
        choices: choice(
          ['16:9', '16:9 (landscape)'],
          ['9:16', '9:16 (portrait)'],
          ['1:1', '1:1 (square)'],
        ),
      },
      {
        path: 'layout.linesPerScreen',
        label: 'Lines per screen',
        kind: 'number',
        min: 1,
        max: 8,
        integer: true,
      },
      {
        path: 'layout.alignment',
        label: 'Lines sit at',
        kind: 'choice',
        choices: choice(['top', 'Top'], ['center', 'Middle'], ['bottom', 'Bottom']),
      },
      {
        path: 'layout.autoSplitLongLines',
        label: 'Split lines too long for the frame',
        kind: 'toggle',
      },
      {
        path: 'layout.paddingHorizontal',
        label: 'Side margin',
        kind: 'number',
        min: 0,
        max: 45,
        unit: '% of width',
      },
      {
        path: 'layout.paddingVertical',
        label: 'Top and bottom margin',
        kind: 'number',
        min: 0,
        max: 45,
        unit: '% of height',
      },
      {
        path: 'layout.lineTransition',
        label: 'Line change',
        kind: 'choice',
        choices: choice(['fade', 'Fade'], ['slide', 'Slide'], ['none', 'Cut']),
      },
      seconds('layout.anticipationBuffer', 'Show a line before it is sung', undefined, 30),
    ],
  },
  {
    id: 'lyrics',
    title: 'Lyrics text',
    fields: [
      ...textFields('chordTextStyle', 'Lyrics'),
      {
        path: 'chordTextStyle.activeLineColor',
        label: 'Current line colour',
        kind: 'colour',
        hint: 'The line being sung, before each word fills.',
      },
      {
        path: 'chordTextStyle.effectColor',
        label: 'Sung words colour',
        kind: 'colour',
        hint: 'The colour each word fills with as it is sung.',
      },
      {
        path: 'chordTextStyle.activeOutlineColor',
        label: 'Sung words outline colour',
        kind: 'colour',
        hidden: true,
      },
      {
        path: 'chordTextStyle.textEffect',
        label: 'Highlight',
        kind: 'choice',
        hidden: true,
        choices: choice(
          ['karaoke', 'Sweep through each word'],
          ['instant', 'Whole word at once'],
          ['none', 'No highlight'],
        ),
      },
      {
        path: 'chordTextStyle.lineSpacing',
        label: 'Line spacing',
        kind: 'number',
        min: 0.5,
        max: 5,
        step: 0.1,
        unit: '× font size',
      },
      {
        path: 'chordTextStyle.letterSpacing',
        label: 'Letter spacing',
        kind: 'number',
        hidden: true,
        min: -20,
        max: 200,
        unit: 'px',
      },
      {
        path: 'chordTextStyle.textCase',
        label: 'Letter case',
        kind: 'choice',
        hidden: true,
        choices: choice(['none', 'As written'], ['upper', 'UPPER CASE'], ['lower', 'lower case']),
      },
      {
        path: 'chordTextStyle.textDirection',
        label: 'Text direction',
        kind: 'choice',
        hidden: true,
        choices: choice(
          ['auto', 'From the lyrics'],
          ['ltr', 'Left to right'],
          ['rtl', 'Right to left'],
        ),
      },
      { path: 'chordTextStyle.shadowColor', label: 'Shadow colour', kind: 'colour' },
      {
        path: 'chordTextStyle.shadowOpacity',
        label: 'Shadow opacity',
        kind: 'number',
        min: 0,
        max: 1,
        step: 0.05,
      },
      {
        path: 'chordTextStyle.shadowBlur',
        label: 'Shadow blur',
        kind: 'number',
        min: 0,
        max: 100,
        unit: 'px',
      },
      {
        path: 'chordTextStyle.shadowOffsetX',
        label: 'Shadow offset across',
        kind: 'number',
        min: -200,
        max: 200,
        unit: 'px',
      },
      {
        path: 'chordTextStyle.shadowOffsetY',
        label: 'Shadow offset down',
        kind: 'number',
        min: -200,
        max: 200,
        unit: 'px',
      },
      {
        path: 'chordTextStyle.duetPosition',
        label: 'Duet lines',
        kind: 'choice',
        choices: choice(
          ['center', 'Centred'],
          ['left-right', 'Left and right by singer'],
          ['top-bottom', 'Top and bottom by singer'],
        ),
      },
    ],
  },
  {
    id: 'titleCard',
    title: 'Title card',
    fields: [
      { path: 'overlays.titleCard.enabled', label: 'Show a title card', kind: 'toggle' },
      seconds(
        'overlays.titleCard.duration',
        'Title card duration',
        'overlays.titleCard.enabled',
        60,
      ),
      {
        path: 'overlays.titleCard.autoHideBeforeLyrics',
        label: 'Hide it before the first line',
        kind: 'toggle',
        when: 'overlays.titleCard.enabled',
      },
      ...textFields('overlays.titleCard.titleStyle', 'Title', 'overlays.titleCard.enabled'),
      ...textFields('overlays.titleCard.artistStyle', 'Artist', 'overlays.titleCard.enabled'),
    ],
  },
  {
    id: 'leadIn',
    title: 'Lead-in',
    fields: [
      { path: 'overlays.leadIn.enabled', label: 'Show a lead-in before lines', kind: 'toggle' },
      seconds('overlays.leadIn.minGap', 'After a pause of at least', 'overlays.leadIn.enabled'),
      {
        path: 'overlays.leadIn.beats',
        label: 'Beats',
        kind: 'number',
        min: 1,
        max: 16,
        integer: true,
        when: 'overlays.leadIn.enabled',
      },
      {
        path: 'overlays.leadIn.useNextSingerStyle',
        label: "In the next singer's colour",
        kind: 'toggle',
        when: 'overlays.leadIn.enabled',
      },
      {
        path: 'overlays.leadIn.width',
        label: 'Lead-in length',
        kind: 'number',
        min: 0,
        max: 1,
        step: 0.05,
        unit: '× half the width',
        when: 'overlays.leadIn.enabled',
      },
      {
        path: 'overlays.leadIn.height',
        label: 'Lead-in thickness',
        kind: 'number',
        above: 0,
        max: 10,
        step: 0.1,
        unit: '× an eighth of the text',
        when: 'overlays.leadIn.enabled',
      },
      ...barFields('overlays.leadIn.style', 'Lead-in', 'overlays.leadIn.enabled'),
    ],
  },
  {
    id: 'breaks',
    title: 'Instrumental breaks',
    fields: [
      {
        path: 'overlays.instrumentalBreak.hideLyrics',
        label: 'Hide lyrics during a break',
        kind: 'toggle',
      },
      {
        ...seconds('overlays.instrumentalBreak.minGap', 'A break is a pause of at least'),
        min: 0.5,
      },
      {
        path: 'overlays.breakCountdown.enabled',
        label: 'Count down to the next line',
        kind: 'toggle',
      },
      seconds(
        'overlays.breakCountdown.maxDuration',
        'Countdown length',
        'overlays.breakCountdown.enabled',
        60,
      ),
      seconds(
        'overlays.breakCountdown.hideBeforeEnd',
        'Countdown ends before the line by',
        'overlays.breakCountdown.enabled',
        60,
      ),
      {
        path: 'overlays.breakCountdown.textSize',
        label: 'Countdown size',
        kind: 'number',
        min: 8,
        max: 400,
        unit: 'px at 1080p',
        when: 'overlays.breakCountdown.enabled',
      },
      ...barFields('overlays.breakCountdown.style', 'Countdown', 'overlays.breakCountdown.enabled'),
      {
        path: 'overlays.breakProgressBar.enabled',
        label: 'Show a progress bar in breaks',
        kind: 'toggle',
      },
      seconds(
        'overlays.breakProgressBar.maxDuration',
        'Progress bar shows for the last',
        'overlays.breakProgressBar.enabled',
        3600,
      ),
      seconds(
        'overlays.breakProgressBar.hideBeforeEnd',
        'Progress bar ends before the line by',
        'overlays.breakProgressBar.enabled',
        60,
      ),
      {
        path: 'overlays.breakProgressBar.style.fillColor',
        label: 'Progress bar fill',
        kind: 'colour',
        when: 'overlays.breakProgressBar.enabled',
      },
      {
        path: 'overlays.breakProgressBar.style.backgroundColor',
        label: 'Progress bar track',
        kind: 'colour',
        when: 'overlays.breakProgressBar.enabled',
      },
      ...outlineFields(
        'overlays.breakProgressBar.style',
        'Progress bar',
        'overlays.breakProgressBar.enabled',
        50,
      ),
      {
        path: 'overlays.breakProgressBar.width',
        label: 'Progress bar width',
        kind: 'number',
        min: 1,
        max: 100,
        unit: '% of width',
        when: 'overlays.breakProgressBar.enabled',
      },
      {
        path: 'overlays.breakProgressBar.height',
        label: 'Progress bar height',
        kind: 'number',
        min: 0.5,
        max: 50,
        unit: '% of height',
        when: 'overlays.breakProgressBar.enabled',
      },
      {
        path: 'overlays.breakProgressBar.position',
        label: 'Progress bar position',
        kind: 'choice',
        choices: choice(['top', 'Top'], ['center', 'Middle'], ['bottom', 'Bottom']),
        when: 'overlays.breakProgressBar.enabled',
      },
      {
        path: 'overlays.breakProgressBar.cornerRadius',
        label: 'Progress bar corner radius',
        kind: 'number',
        hidden: true,
        min: 0,
        max: 100,
        unit: 'px',
        when: 'overlays.breakProgressBar.enabled',
      },
    ],
  },
  {
    id: 'branding',
    title: 'Logo',
    fields: [
      {
        path: 'overlays.branding.logo.enabled',
        label: 'Show a logo',
        kind: 'toggle',
      },
      {
        path: 'overlays.branding.logo.position',
        label: 'Logo position',
        kind: 'choice',
        choices: choice(
          ['top-left', 'Top left'],
          ['top-right', 'Top right'],
          ['bottom-left', 'Bottom left'],
          ['bottom-right', 'Bottom right'],
        ),
        when: 'overlays.branding.logo.enabled',
      },
      {
        path: 'overlays.branding.logo.scale',
        label: 'Logo size',
        kind: 'number',
        min: 0.01,
        max: 1,
        step: 0.01,
        unit: '× width',
        when: 'overlays.branding.logo.enabled',
      },
      {
        path: 'overlays.branding.logo.paddingX',
        label: 'Logo distance from the side',
        kind: 'number',
        min: 0,
        max: 2000,
        unit: 'px at 1080p',
        when: 'overlays.branding.logo.enabled',
      },
      {
        path: 'overlays.branding.logo.paddingY',
        label: 'Logo distance from the edge',
        kind: 'number',
        min: 0,
        max: 2000,
        unit: 'px at 1080p',
        when: 'overlays.branding.logo.enabled',
      },
      {
        path: 'overlays.branding.logo.opacity',
        label: 'Logo opacity',
        kind: 'number',
        min: 0,
        max: 1,
        step: 0.05,
        when: 'overlays.branding.logo.enabled',
      },
      {
        path: 'overlays.branding.intro.enabled',
        label: 'Intro video',
        kind: 'toggle',
        hint: 'A video of your library played before the karaoke (not in transparent videos).',
      },
      {
        path: 'overlays.branding.intro.mediaId',
        label: 'Intro media',
        kind: 'media',
        mediaType: 'intro-video',
        when: 'overlays.branding.intro.enabled',
      },
      {
        ...seconds(
          'overlays.branding.intro.durationSeconds',
          'Intro length',
          'overlays.branding.intro.enabled',
          60,
        ),
        hint: '0 plays the whole video.',
      },
      {
        path: 'overlays.branding.intro.effect',
        label: 'Intro effect',
        kind: 'choice',
        choices: choice(['fade', 'Fade'], ['none', 'Cut']),
        when: 'overlays.branding.intro.enabled',
      },
      seconds(
        'overlays.branding.intro.effectDuration',
        'Intro fade length',
        'overlays.branding.intro.enabled',
        10,
      ),
      {
        path: 'overlays.branding.outro.enabled',
        label: 'Outro video',
        kind: 'toggle',
        hint: 'A video of your library played after the karaoke (not in transparent videos).',
      },
      {
        path: 'overlays.branding.outro.mediaId',
        label: 'Outro media',
        kind: 'media',
        mediaType: 'outro-video',
        when: 'overlays.branding.outro.enabled',
      },
      {
        ...seconds(
          'overlays.branding.outro.durationSeconds',
          'Outro length',
          'overlays.branding.outro.enabled',
          60,
        ),
        hint: '0 plays the whole video.',
      },
      {
        path: 'overlays.branding.outro.effect',
        label: 'Outro effect',
        kind: 'choice',
        choices: choice(['fade', 'Fade'], ['none', 'Cut']),
        when: 'overlays.branding.outro.enabled',
      },
      seconds(
        'overlays.branding.outro.effectDuration',
        'Outro fade length',
        'overlays.branding.outro.enabled',
        10,
      ),
    ],
  },
  {
    id: 'translations',
    title: 'Translations',
    fields: [
      {
        path: 'layout.languageSpacing',
        label: 'Space above each translation',
        kind: 'number',
        min: 0,
        max: 400,
        unit: 'px at 1080p',
      },
    ],
  },
  {
    id: 'trim',
    title: 'Trim',
    fields: [
      seconds('trim.startSeconds', 'Video starts at', undefined, 86400),
      {
        ...seconds('trim.endSeconds', 'Video ends at', undefined, 86400),
        hint: '0 plays to the end of the song.',
      },
    ],
  },
];

/** Colours of one singer's lines (`singerTextStyles[singer]`); absent members follow the lyrics. */
export const SINGER_STYLE_FIELDS: readonly { key: string; label: string }[] = [
  { key: 'textColor', label: 'Text colour' },
  { key: 'activeLineColor', label: 'Current line colour' },
  { key: 'effectColor', label: 'Sung words colour' },
  { key: 'outlineColor', label: 'Outline colour' },
];

/**
 * The members of `languageTextStyles[lang]` the layout reads and the editor offers (absent ones
 * follow the lyrics at 0.55 of their size; docs/api-decisions.md "Translations").
 */
export const LANGUAGE_STYLE_FIELDS: readonly { key: string; field: StyleField }[] = textFields(
  'languageTextStyles.*',
  'Translation',
)
  .filter((f) => /\.(fontFamily|fontSize|textColor|outlineColor|outlineWidth)$/.test(f.path))
  .map((f) => ({ key: f.path.split('.').pop() ?? '', field: f }));

/** The field of one language's style member, labelled with the language. */
export function languageStyleField(lang: string, key: string): StyleField | undefined {
  const found = LANGUAGE_STYLE_FIELDS.find((f) => f.key === key);
  if (!found) return undefined;
  return {
    ...found.field,
    path: `languageTextStyles.${lang}.${key}`,
    label: found.field.label.replace(/^Translation/, `${lang}`),
  };
}

/** The canonical BCP 47 form of a language tag (`JA-latn` -> `ja-Latn`), or null when it is not one. */
export function canonicalLanguageTag(tag: unknown): string | null {
  if (typeof tag !== 'string') return null;
  const t = tag.trim();
  if (t === '' || t.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(t)[0] ?? null;
  } catch {
    return null;
  }
}

/** What is wrong with a language tag, in people's words; null when it is a BCP 47 tag. */
export function languageTagProblem(tag: unknown): string | null {
  if (typeof tag === 'string' && tag.trim() === '')
    return 'Type a language tag, like en or ja-Latn.';
  return canonicalLanguageTag(tag)
    ? null
    : `“${String(tag)}” is not a language tag: use a BCP 47 tag like en, pt-BR or ja-Latn.`;
}

/** Problems of a `displayLanguages` list, each at its index. */
export function displayLanguagesProblems(list: readonly unknown[]): StyleProblem[] {
  const problems: StyleProblem[] = [];
  const seen = new Set<string>();
  list.forEach((tag, i) => {
    const message = languageTagProblem(tag);
    if (message) problems.push({ path: String(i), message });
    else {
      const canon = canonicalLanguageTag(tag) ?? '';
      if (seen.has(canon))
        problems.push({ path: String(i), message: `${String(tag)} is listed twice.` });
      seen.add(canon);
    }
  });
  return problems;
}

export const STYLE_FIELDS: readonly StyleField[] = STYLE_GROUPS.flatMap((g) => g.fields);
const FIELD_BY_PATH = new Map(STYLE_FIELDS.map((f) => [f.path, f]));
export const styleField = (path: string): StyleField | undefined => FIELD_BY_PATH.get(path);

export function getAt(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A copy of `value` with `path` set (objects along the path are copied, the rest shared). */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return value;
  const here = (value ?? {}) as Record<string, unknown>;
  return {
    ...here,
    [key]: rest.length ? setAt(here[key], rest.join('.'), next) : next,
  } as T;
}

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

/** What is wrong with one value of a field, in people's words; null when it is fine. */
export function fieldProblem(field: StyleField, value: unknown): string | null {
  switch (field.kind) {
    case 'toggle':
      return typeof value === 'boolean' ? null : `${field.label} is on or off.`;
    case 'media':
      return value === undefined || (typeof value === 'string' && value.length <= 100)
        ? null
        : `${field.label} must be a media item of the library.`;
    case 'font':
      return typeof value === 'string' && value.trim().length > 0 && value.length <= 100
        ? null
        : `Choose a font for ${field.label.toLowerCase()}.`;
    case 'colour':
      return isStrictColour(value)
        ? null
        : `${field.label} is not a colour: use #RRGGBB (like #FFD400), transparent, or rgba(r, g, b, a).`;
    case 'choice': {
      const values = field.choices?.map((c) => c.value) ?? [];
      const asText = field.numeric && typeof value === 'number' ? String(value) : value;
      return typeof asText === 'string' && values.includes(asText)
        ? null
        : `${field.label} must be one of: ${field.choices?.map((c) => c.label).join(', ')}.`;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `${field.label} must be a number.`;
      if (field.integer && !Number.isInteger(value))
        return `${field.label} must be a whole number.`;
      if (field.above !== undefined && value <= field.above)
        return `${field.label} must be more than ${fmt(field.above)}.`;
      if (field.min !== undefined && value < field.min)
        return field.min === 0
          ? `${field.label} cannot be negative.`
          : `${field.label} must be at least ${fmt(field.min)}.`;
      if (field.max !== undefined && value > field.max)
        return `${field.label} must be at most ${fmt(field.max)}.`;
      return null;
    }
  }
}

export interface StyleProblem {
  /** Dotted path inside the StyleObject. */
  readonly path: string;
  readonly message: string;
}

/** Every field of a style that is out of range, unknown or not a colour. */
export function styleProblems(style: StyleObject): StyleProblem[] {
  const problems: StyleProblem[] = [];
  for (const field of STYLE_FIELDS) {
    const message = fieldProblem(field, getAt(style, field.path));
    if (message) problems.push({ path: field.path, message });
  }
  for (const [singer, entry] of Object.entries(style.singerTextStyles)) {
    if (entry === null || typeof entry !== 'object') continue;
    for (const { key, label } of SINGER_STYLE_FIELDS) {
      const value = (entry as Record<string, unknown>)[key];
      if (value !== undefined && !isStrictColour(value)) {
        problems.push({
          path: `singerTextStyles.${singer}.${key}`,
          message: `Singer ${singer}: ${label.toLowerCase()} is not a colour: use #RRGGBB, transparent, or rgba(r, g, b, a).`,
        });
      }
    }
  }
  for (const [lang, entry] of Object.entries(style.languageTextStyles)) {
    const tagProblem = languageTagProblem(lang);
    if (tagProblem) {
      problems.push({ path: `languageTextStyles.${lang}`, message: tagProblem });
      continue;
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push({
        path: `languageTextStyles.${lang}`,
        message: `The style of ${lang} must be a set of text style members.`,
      });
      continue;
    }
    for (const { key } of LANGUAGE_STYLE_FIELDS) {
      const value = (entry as Record<string, unknown>)[key];
      const field = languageStyleField(lang, key);
      if (value === undefined || !field) continue;
      const message = fieldProblem(field, value);
      if (message) problems.push({ path: field.path, message });
    }
  }
  return problems;
}

/** A style sent to be stored: the StyleObject plus every check above, each issue at its field. */
export const StyleInputSchema = StyleObjectSchema.superRefine((style, ctx) => {
  for (const problem of styleProblems(style)) {
    ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
  }
});
