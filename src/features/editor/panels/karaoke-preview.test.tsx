import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultStyle } from '../../../contract';
import { KaraokePreview } from './karaoke-preview';
import { fakeClock, makeStore, renderWithStore, word } from './test-utils';

afterEach(cleanup);

const items = [
  word(0, 0, 1, 2, 'one'),
  word(0, 1, 2, 3, 'two'),
  word(1, 0, 4, 5, 'three'),
  word(2, 0, 6, 7, 'four'),
];

const states = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.karaoke-line.current .karaoke-word')).map(
    (el) => `${el.textContent}:${el.dataset.state}`,
  );
const lineTexts = () =>
  Array.from(document.querySelectorAll('.karaoke-line')).map((el) => el.textContent?.trim());

describe('KaraokePreview', () => {
  it('shows the current and next line and highlights words as the clock moves', () => {
    const clock = fakeClock(1.5);
    renderWithStore(makeStore(items), <KaraokePreview player={clock} />);
    expect(screen.getByRole('region', { name: 'Karaoke preview' })).toBeTruthy();
    expect(lineTexts()).toEqual(['one two', 'three']);
    expect(states()).toEqual(['one:active', 'two:future']);

    act(() => clock.set(2.5));
    expect(states()).toEqual(['one:sung', 'two:active']);

    act(() => clock.set(3.5));
    expect(lineTexts()).toEqual(['three', 'four']);
    expect(states()).toEqual(['three:future']);

    act(() => clock.set(4.1));
    expect(states()).toEqual(['three:active']);
  });

  it('follows the style: lines per screen and colours', () => {
    const style = defaultStyle();
    style.layout.linesPerScreen = 3;
    style.chordTextStyle.effectColor = '#00FF00';
    renderWithStore(makeStore(items), <KaraokePreview player={fakeClock(0)} style={style} />);
    expect(lineTexts()).toEqual(['one two', 'three', 'four']);
    const region = screen.getByRole('region', { name: 'Karaoke preview' });
    expect(region.style.getPropertyValue('--k-effect')).toBe('#00FF00');
  });

  it('says so when there are no lyrics', () => {
    renderWithStore(makeStore([]), <KaraokePreview player={fakeClock(0)} />);
    expect(screen.getByText('No lyrics')).toBeTruthy();
  });
});
