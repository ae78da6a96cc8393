import { describe, expect, it } from 'vitest';
import {
  initialSplit,
  parseOffset,
  proportionalSplitTime,
  shiftProblem,
  splitLetterProblem,
  stretchProblem,
} from './tool-input';

describe('tool input', () => {
  it.each([
    ['-0.25', -0.25],
    ['+1.5', 1.5],
    ['2', 2],
    ['0,5', 0.5],
    [' 1.5 s', 1.5],
    ['.5', 0.5],
  ])('reads the offset %s', (text, value) => {
    expect(parseOffset(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /Type an offset/],
    ['abc', /“abc” is not a number of seconds/],
    ['1:00', /not a number/],
    ['0', /changes nothing/],
    ['--1', /not a number/],
  ])('refuses %j with a sentence', (text, message) => {
    expect(parseOffset(text)).toEqual({
      ok: false,
      error: expect.stringMatching(message) as string,
    });
  });

  it('says how far a shift may go', () => {
    expect(shiftProblem(-2, { start: 1.5, end: 3 }, 10)).toMatch(/earliest shift is -1.500 s/);
    expect(shiftProblem(8, { start: 1.5, end: 3 }, 10)).toMatch(/latest shift is 7.000 s/);
    expect(shiftProblem(-1.5, { start: 1.5, end: 3 }, 10)).toBeNull();
    expect(stretchProblem(2, 2)).toMatch(/after the new start/);
    expect(stretchProblem(2, 3)).toBeNull();
  });

  it('splits at the playhead inside the word, else at half the letters', () => {
    expect(initialSplit({ start: 1, end: 2, text: 'hello' }, 1.4)).toEqual({ at: 2, time: 1.4 });
    expect(initialSplit({ start: 1, end: 2, text: 'hello' }, 1.01)).toEqual({ at: 1, time: 1.01 });
    expect(initialSplit({ start: 1, end: 2, text: 'hello' }, 3)).toEqual({
      at: 2,
      time: undefined,
    });
    expect(initialSplit({ start: 1, end: 2, text: 'ab' }, 2)).toEqual({ at: 1, time: undefined });
  });

  it('checks the split point: between two letters of the word, said in a sentence', () => {
    expect(splitLetterProblem('hello', 2)).toBeNull();
    expect(splitLetterProblem('hello', 0)).toMatch(/from 1 to 4/);
    expect(splitLetterProblem('hello', 5)).toMatch(/from 1 to 4/);
    expect(splitLetterProblem('hello', 1.5)).toMatch(/from 1 to 4/);
    expect(splitLetterProblem('a', 1)).toBe('“a” has one letter: it cannot be split.');
  });

  it('places a split in proportion to the letters', () => {
    expect(proportionalSplitTime({ start: 1, end: 2, text: 'hell' }, 1)).toBe(1.25);
    expect(proportionalSplitTime({ start: 1, end: 2, text: '' }, 0)).toBe(1);
  });
});
