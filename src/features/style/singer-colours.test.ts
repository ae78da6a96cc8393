import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../contract';
import { ownColours } from './singer-colours';

describe('ownColours', () => {
  it("starts a singer's own colours from the lyrics' and drops them again", () => {
    const style = defaultStyle();
    const on = ownColours(style, '2', true);
    expect(on['2']).toEqual({
      textColor: style.chordTextStyle.textColor,
      activeLineColor: style.chordTextStyle.activeLineColor,
      outlineColor: style.chordTextStyle.outlineColor,
    });
    expect(style.singerTextStyles['2']).toBeUndefined();
    expect(ownColours({ ...style, singerTextStyles: on }, '2', false)).toEqual(
      style.singerTextStyles,
    );
  });
});
