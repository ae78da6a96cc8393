import { defaultStyle, type StyleObject } from '../../../contract';

export interface PreviewLook {
  /** CSS custom properties and font for the preview container. */
  readonly css: Record<string, string | number>;
  readonly linesPerScreen: number;
}

const MAX_LINES = 6;

/**
 * The project's video style mapped onto the small preview: colours and font as they are, the
 * outline scaled from video pixels to the preview's font size (kept in em).
 */
export function previewLook(style: StyleObject = defaultStyle()): PreviewLook {
  const text = style.chordTextStyle;
  const outlineEm = text.fontSize > 0 ? Math.min(0.2, text.outlineWidth / text.fontSize) : 0;
  const lines = Math.round(style.layout.linesPerScreen);
  return {
    css: {
      '--k-text': text.textColor,
      '--k-active': text.activeLineColor,
      '--k-effect': text.effectColor,
      '--k-outline': text.outlineColor,
      '--k-outline-width': `${outlineEm.toFixed(3)}em`,
      fontFamily: `${JSON.stringify(text.fontFamily)}, var(--font)`,
      fontWeight: text.fontWeight,
    },
    linesPerScreen: Number.isFinite(lines) ? Math.max(1, Math.min(MAX_LINES, lines)) : 2,
  };
}
