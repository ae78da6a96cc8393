import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../../contract';
import { keyOf } from '../../../timing';
import { KaraokePreview } from './karaoke-preview';
import { fakeClock, makeStore, renderWithStore, word } from './test-utils';

const items = [
  word(0, 0, 1, 2, 'one'),
  word(0, 1, 2, 3, 'two'),
  word(1, 0, 4, 5, 'three'),
  word(2, 0, 6, 7, 'four'),
];

/** The lines on screen, as the canvas's caption gives them to screen readers. */
const onScreen = () =>
  screen.getByRole('region', { name: 'Karaoke preview' }).querySelector('figcaption')?.textContent;

describe('KaraokePreview', () => {
  it('draws the layout at the clock: the lines on screen change as it moves', () => {
    const clock = fakeClock(1.5);
    renderWithStore(makeStore(items), <KaraokePreview player={clock} />);
    expect(screen.getByRole('img', { name: /Karaoke video preview/ })).toBeTruthy();
    // Two rows: the next line shows anticipationBuffer (3 s) before it is sung.
    expect(onScreen()).toBe('one two / three');
    // "four" takes the top row once "one two" has been sung.
    act(() => clock.set(3.5));
    expect(onScreen()).toBe('three / four');
  });

  it('follows the style (lines per screen) and the title card', () => {
    const style = defaultStyle();
    style.layout.linesPerScreen = 3;
    style.overlays.titleCard.autoHideBeforeLyrics = false;
    const clock = fakeClock(5.5);
    renderWithStore(
      makeStore(items),
      <KaraokePreview player={clock} style={style} title="Song" artists={['Band']} />,
    );
    expect(onScreen()).toBe('one two / three / four');
    // The title card for its 5 s (here not hidden before the first words).
    act(() => clock.set(0));
    expect(onScreen()).toBe('Song, Band');
  });

  it('follows edits of the document', () => {
    const store = makeStore(items);
    renderWithStore(store, <KaraokePreview player={fakeClock(1.5)} />);
    expect(onScreen()).toBe('one two / three');
    const three = keyOf(items[2]!);
    act(() => store.getState().actions.apply({ type: 'move', keys: [three], delta: 30 }));
    expect(onScreen()).toBe('one two');
  });

  it('says so when there are no lyrics', () => {
    renderWithStore(makeStore([]), <KaraokePreview player={fakeClock(0)} />);
    expect(onScreen()).toBe('No lyrics on screen');
  });
});

describe('KaraokePreview with a style it cannot read', () => {
  it('says so in place instead of failing the page', () => {
    const style = defaultStyle();
    // A broken style object (the service validates styles; a cached one could still be odd).
    (style as { overlays: unknown }).overlays = null;
    renderWithStore(makeStore(items), <KaraokePreview player={fakeClock(1.5)} style={style} />);
    expect(onScreen()).toMatch(/^The preview cannot be drawn: /);
  });
});
