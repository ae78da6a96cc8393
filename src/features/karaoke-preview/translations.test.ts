import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../contract';
import type { LayoutItem } from '../../karaoke-layout';
import { describeFrame } from './draw-frame';
import { createScene } from './scene';
import { itemsSource } from './window';

/** "Hello world", its line translated into German and French. */
const hello = { line: 0, word: 0, subword: 0, start: 1, end: 1.5, text: 'Hello' };
const items: LayoutItem[] = [
  { ...hello, translations: { de: { text: 'Hallo' }, fr: { text: 'Salut' } } },
  { ...hello, word: 1, start: 1.5, end: 2, text: 'world' },
];

describe('the preview shows only the chosen languages (ADR 0017)', () => {
  const at = (languages?: string[]) =>
    describeFrame(
      createScene({ source: itemsSource(items), style: defaultStyle(), languages }).at(1.2).frame,
    );
  it('none, one, or both, in the order given', () => {
    expect(at()).toBe('Hello world');
    expect(at(['de'])).toBe('Hello world (de: Hallo)');
    expect(at(['fr', 'de'])).toBe('Hello world (fr: Salut) (de: Hallo)');
  });
});
