import { describe, expect, it } from 'vitest';
import type { StyleField } from '../../contract';
import { pickerHex, readEntry, shownText, typedStandsFor } from './field-text';

const size: StyleField = { path: 'fontSize', label: 'Font size', kind: 'number', min: 8, max: 400 };
const colour: StyleField = { path: 'textColor', label: 'Text colour', kind: 'colour' };

describe('pickerHex', () => {
  it('gives the nearest opaque #rrggbb', () => {
    expect(pickerHex('#FFD400')).toBe('#ffd400');
    expect(pickerHex('rgba(255, 0, 16, 0.5)')).toBe('#ff0010');
    expect(pickerHex('rgba(300,0,0,1)')).toBe('#ff0000');
    expect(pickerHex('transparent')).toBe('#000000');
  });
});

describe('typed text', () => {
  it('shows numbers and strings only', () => {
    expect([shownText(3), shownText('#FFF'), shownText(undefined), shownText(true)]).toEqual([
      '3',
      '#FFF',
      '',
      '',
    ]);
  });
  it('keeps text that already stands for the value', () => {
    expect(typedStandsFor(size, '3.', 3)).toBe(true);
    expect(typedStandsFor(size, '', 0)).toBe(false);
    expect(typedStandsFor(size, '4', 3)).toBe(false);
    expect(typedStandsFor(colour, ' #FFD400 ', '#FFD400')).toBe(true);
    expect(typedStandsFor(colour, '#FFD40', '#FFD400')).toBe(false);
  });
  it('reads a number, or says what is wrong', () => {
    expect(readEntry(size, '48')).toEqual({ value: 48, problem: null });
    expect(readEntry(size, ' ')).toEqual({ problem: 'Enter a value for font size.' });
    expect(readEntry(size, '2').problem).toMatch(/./);
    expect(readEntry(size, 'abc').problem).toMatch(/./);
  });
  it('reads a colour trimmed, or says what is wrong', () => {
    expect(readEntry(colour, ' #FFD400 ')).toEqual({ value: '#FFD400', problem: null });
    expect(readEntry(colour, 'rgba(1,2,3,0.5)')).toEqual({
      value: 'rgba(1,2,3,0.5)',
      problem: null,
    });
    expect(readEntry(colour, 'yellowish').problem).toMatch(/./);
  });
});
