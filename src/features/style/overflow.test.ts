import { describe, expect, it } from 'vitest';
import { defaultStyle, type AlignmentItem } from '../../contract';
import { estimateTextWidth } from '../../karaoke-layout';
import { frameSize, overflowIssues } from './overflow';

/** One alignment line per text, words one second each. */
function items(...lines: string[]): AlignmentItem[] {
  let t = 10;
  return lines.flatMap((text, line) =>
    text.split(' ').map((word, i) => {
      const item = { line, word: i, subword: 0, start: t, end: t + 0.9, text: word };
      t += 1;
      return item;
    }),
  );
}

describe('overflowIssues (read from the karaoke layout)', () => {
  it('the default style fits ordinary lines', () => {
    expect(
      overflowIssues(defaultStyle(), items('Never gonna give you up'), estimateTextWidth),
    ).toEqual([]);
  });

  it('flags a long line when lines are not split, naming it', () => {
    const style = defaultStyle();
    style.layout.autoSplitLongLines = false;
    const long = 'words '.repeat(14).trim();
    const issues = overflowIssues(style, items('short', long), estimateTextWidth);
    expect(issues.map((i) => i.path)).toEqual(['chordTextStyle.fontSize']);
    expect(issues[0]?.message).toMatch(/^Line 2 is wider than the frame/);
  });

  it('with split lines only a single word too wide is flagged', () => {
    const style = defaultStyle();
    style.chordTextStyle.fontSize = 300;
    expect(overflowIssues(style, items('a b c d e f g h i j k l m n'), estimateTextWidth)).toEqual(
      [],
    );
    const issues = overflowIssues(
      style,
      items('supercalifragilisticexpialidocious'),
      estimateTextWidth,
    );
    expect(issues[0]?.message).toMatch(/line 1/);
  });

  it('flags too many lines for the height; a portrait frame has a 1080 short side', () => {
    const style = defaultStyle();
    style.layout.linesPerScreen = 8;
    style.chordTextStyle.fontSize = 150;
    expect(overflowIssues(style, items('la la'), estimateTextWidth).map((i) => i.path)).toEqual([
      'layout.linesPerScreen',
    ]);
    expect(frameSize('9:16')).toEqual({ width: 1080, height: 1920 });
    expect(frameSize('16:9')).toEqual({ width: 1920, height: 1080 });
  });

  it('flags a title wider than the title card', () => {
    const issues = overflowIssues(defaultStyle(), items('la'), estimateTextWidth, {
      title: 'A very long song title that goes on and on and on',
      artists: ['Band'],
    });
    expect(issues.map((i) => i.path)).toEqual(['overlays.titleCard.titleStyle.fontSize']);
  });
});
