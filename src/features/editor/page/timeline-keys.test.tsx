import { act, cleanup, render, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlignmentItem } from '../../../contract';
import type { StemPlayer } from '../audio';
import { useEditorKeyboard } from '../keyboard';
import { createEditorStore, type EditorStore } from '../store';
import { TimelineCanvas } from '../timeline';
import { DEFAULT_ZOOM_LIMITS } from '../timeline/viewport';
import { createSceneSource } from './timeline-scene';
import { useEditorCommands } from './use-editor-commands';
import { useRevealSelection } from './use-reveal-selection';
import { createViewState, type ViewState } from '../timeline/view-state';

// 30 words, one every 2 s (0.5 s long), over 60 s; the view shows 0..10 s.
const items: AlignmentItem[] = Array.from({ length: 30 }, (_, i) => ({
  id: `w${i}`,
  line: Math.floor(i / 4),
  word: i % 4,
  subword: 0,
  start: 2 * i,
  end: 2 * i + 0.5,
  text: `word${i}`,
}));
const limits = () => ({ ...DEFAULT_ZOOM_LIMITS, duration: 60 });

let playing = false;
const seek = vi.fn();
const player = {
  seek,
  getTime: () => 0,
  getSnapshot: () => ({ playing }),
} as unknown as StemPlayer;
const clock = { isPlaying: () => playing };

function Page({ store, view }: { store: EditorStore; view: ViewState }) {
  const commands = useEditorCommands({
    store,
    player,
    view,
    limits,
    save: () => {},
    openHelp: () => {},
    jumpTo: () => {},
  });
  useEditorKeyboard(commands);
  useRevealSelection(store, view, limits, clock);
  const getScene = useMemo(
    () =>
      createSceneSource(store, () => ({
        view: view.get(),
        hoverKey: null,
        preview: null,
        snapGuide: null,
        laneMode: 'line',
      })),
    [store, view],
  );
  return (
    <>
      <input aria-label="Text of word0" />
      <TimelineCanvas
        getScene={getScene}
        subscribe={store.subscribe}
        onIntent={() => {}}
        ariaLabel="Timeline"
      />
      <button type="button">After</button>
    </>
  );
}

function setup() {
  const store = createEditorStore({
    items,
    revision: 'r1',
    selectionRevision: 's1',
    duration: 60,
    validationDelayMs: 0,
  });
  const view = createViewState({
    startTime: 0,
    pxPerSecond: 100,
    width: 1000,
    height: 200,
    devicePixelRatio: 1,
  });
  render(<Page store={store} view={view} />);
  const canvas = screen.getByRole('application', { name: 'Timeline' });
  const press = (target: Element, key = 'ArrowRight', shiftKey = false) => {
    const event = new KeyboardEvent('keydown', {
      key,
      shiftKey,
      bubbles: true,
      cancelable: true,
    });
    act(() => void target.dispatchEvent(event));
    return event.defaultPrevented;
  };
  const selected = () => [...store.getState().selection];
  return { store, view, canvas, press, selected };
}

beforeEach(() => {
  playing = false;
  seek.mockClear();
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('arrow keys on the focused timeline (one tab stop)', () => {
  it('select the next / previous word, seek to it and scroll it whole into view', () => {
    const { view, canvas, press, selected } = setup();
    canvas.focus();
    expect(press(canvas)).toBe(true);
    expect(selected()).toEqual(['w0']); // nothing selected: the first word on screen
    for (let i = 0; i < 4; i++) press(canvas);
    expect(selected()).toEqual(['w4']);
    expect(view.get().startTime).toBe(0);
    press(canvas); // w5: 10..10.5 s, past the right edge
    expect(selected()).toEqual(['w5']);
    expect(seek).toHaveBeenLastCalledWith(10);
    const { startTime } = view.get();
    expect(startTime).toBeCloseTo(9);
    expect(press(canvas, 'ArrowLeft')).toBe(true); // w4, 8..8.5 s, before the left edge
    expect(selected()).toEqual(['w4']);
    expect(view.get().startTime).toBeLessThanOrEqual(8);
    expect(view.get().startTime + 10).toBeGreaterThanOrEqual(8.5);
  });

  it('Home and End select the first and last word; the ends stay put', () => {
    const { canvas, press, selected } = setup();
    expect(press(canvas, 'End')).toBe(true);
    expect(selected()).toEqual(['w29']);
    press(canvas);
    expect(selected()).toEqual(['w29']);
    expect(press(canvas, 'Home')).toBe(true);
    expect(selected()).toEqual(['w0']);
    press(canvas, 'ArrowLeft');
    expect(selected()).toEqual(['w0']);
  });

  it('never takes Tab or Shift+Tab: they move focus on, whatever is selected', () => {
    const { store, canvas, press, selected } = setup();
    act(() => store.getState().actions.select(['w3']));
    expect(press(canvas, 'Tab')).toBe(false);
    expect(press(canvas, 'Tab', true)).toBe(false);
    expect(selected()).toEqual(['w3']);
  });

  it('leaves the arrows to a form field and a button', () => {
    const { press, selected } = setup();
    expect(press(screen.getByLabelText('Text of word0'))).toBe(false);
    expect(press(screen.getByRole('button', { name: 'After' }))).toBe(false);
    expect(selected()).toEqual([]);
  });

  it('Escape clears the selection and focus stays on the timeline', () => {
    const { store, canvas, press, selected } = setup();
    act(() => canvas.focus());
    act(() => store.getState().actions.select(['w3']));
    expect(press(canvas, 'Escape')).toBe(true);
    expect(selected()).toEqual([]);
    expect(document.activeElement).toBe(canvas);
  });
});

describe('useRevealSelection', () => {
  it('scrolls the timeline to a selection made elsewhere when none of it is on screen', () => {
    const { store, view } = setup();
    act(() => store.getState().actions.select(['w3'])); // 6 s: on screen
    expect(view.get().startTime).toBe(0);
    act(() => store.getState().actions.select(['w20', 'w25'])); // 40 s, 50 s
    expect(view.get().startTime).toBeCloseTo(39);
    act(() => store.getState().actions.select(['w2', 'w21'])); // w21 (42 s) is on screen
    expect(view.get().startTime).toBeCloseTo(39);
    act(() => store.getState().actions.select(['w2'])); // 4 s: back, its end 9/10 in
    expect(view.get().startTime).toBe(0);
  });

  it('leaves the view alone while playing (it follows the playhead then)', () => {
    const { store, view } = setup();
    playing = true;
    act(() => store.getState().actions.select(['w20']));
    expect(view.get().startTime).toBe(0);
  });
});
