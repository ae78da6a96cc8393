import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../contract';
import { collectColours, collectFonts, humanize } from './settings-summary';

describe('settings summary', () => {
  it('humanizes keys', () => {
    expect(humanize('linesPerScreen')).toBe('Lines per screen');
    expect(humanize('paddingX')).toBe('Padding X');
  });
  it('finds every colour and text style of a style', () => {
    const style = defaultStyle();
    const colours = collectColours(style);
    expect(colours).toContainEqual({
      path: 'chordTextStyle.activeLineColor',
      label: 'Chord text style › Active line color',
      value: '#FFD400',
    });
    const fonts = collectFonts(style).map((f) => f.label);
    expect(fonts).toEqual([
      'Chord text style',
      'Overlays › Title card › Title style',
      'Overlays › Title card › Artist style',
    ]);
  });
});
