import type { StyleObject } from '../contract/style';

/** A style value the renderer cannot use, at its path inside the style (`layout.linesPerScreen`). */
export interface StyleIssue {
  readonly path: string;
  readonly message: string;
}

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const ALIGNMENTS = ['top', 'center', 'bottom'] as const;
export const LINE_TRANSITIONS = ['fade', 'none', 'slide'] as const;
export const DUET_POSITIONS = ['center', 'left-right', 'top-bottom'] as const;

type Range = readonly [min: number, max: number, integer?: boolean];

/**
 * The numeric bounds the renderer accepts (docs/api-decisions.md "Exports"). Sizes are pixels of a
 * 1080-pixel-high frame, scaled to the asked resolution; paddings are percents of the frame.
 */
const NUMBER_RANGES: Readonly<Record<string, Range>> = {
  'layout.linesPerScreen': [1, 8, true],
  'layout.paddingHorizontal': [0, 45],
  'layout.paddingVertical': [0, 45],
  'layout.anticipationBuffer': [0, 30],
  'chordTextStyle.fontSize': [8, 400],
  'chordTextStyle.fontWeight': [100, 900],
  'chordTextStyle.outlineWidth': [0, 60],
  'chordTextStyle.letterSpacing': [-20, 200],
  'chordTextStyle.lineSpacing': [0.5, 5],
  'chordTextStyle.shadowBlur': [0, 100],
  'chordTextStyle.shadowOffsetX': [-200, 200],
  'chordTextStyle.shadowOffsetY': [-200, 200],
  'chordTextStyle.shadowOpacity': [0, 1],
  'trim.startSeconds': [0, 86400],
  'trim.endSeconds': [0, 86400],
  'overlays.titleCard.duration': [0, 60],
  'overlays.titleCard.titleStyle.fontSize': [8, 400],
  'overlays.titleCard.artistStyle.fontSize': [8, 400],
  'overlays.titleCard.titleStyle.outlineWidth': [0, 60],
  'overlays.titleCard.artistStyle.outlineWidth': [0, 60],
  'overlays.leadIn.minGap': [0, 600],
  'overlays.leadIn.beats': [0, 16],
  'overlays.instrumentalBreak.minGap': [0.5, 3600],
  'overlays.instrumentalBreak.displayDuration': [0, 60],
  'overlays.breakCountdown.maxDuration': [0, 60],
  'overlays.breakCountdown.textSize': [8, 400],
  'overlays.breakProgressBar.maxDuration': [0, 3600],
  'overlays.breakProgressBar.width': [1, 100],
  'overlays.breakProgressBar.height': [0.5, 50],
  'overlays.branding.logo.scale': [0.01, 1],
  'overlays.branding.logo.opacity': [0, 1],
  'overlays.branding.logo.paddingX': [0, 2000],
  'overlays.branding.logo.paddingY': [0, 2000],
  'overlays.branding.intro.durationSeconds': [0, 60],
  'overlays.branding.outro.durationSeconds': [0, 60],
};

const ENUMS: Readonly<Record<string, readonly string[]>> = {
  aspectRatio: ASPECT_RATIOS,
  'layout.alignment': ALIGNMENTS,
  'layout.lineTransition': LINE_TRANSITIONS,
  'chordTextStyle.duetPosition': DUET_POSITIONS,
};

function valueAt(style: unknown, path: string): unknown {
  let value: unknown = style;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Why `style` cannot be rendered (empty when it can): numbers out of the renderer's ranges and
 * names it does not know. Unknown font families are not issues: they fall back (fonts.ts).
 */
export function styleIssues(style: StyleObject): StyleIssue[] {
  const issues: StyleIssue[] = [];
  for (const [path, [min, max, integer]] of Object.entries(NUMBER_RANGES)) {
    const value = valueAt(style, path);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ path, message: 'must be a number' });
    } else if (value < min || value > max) {
      issues.push({ path, message: `must be between ${min} and ${max} (is ${value})` });
    } else if (integer && !Number.isInteger(value)) {
      issues.push({ path, message: 'must be a whole number' });
    }
  }
  for (const [path, allowed] of Object.entries(ENUMS)) {
    const value = valueAt(style, path);
    if (value !== undefined && !allowed.includes(value as string)) {
      issues.push({ path, message: `must be one of ${allowed.join(', ')}` });
    }
  }
  return issues;
}
