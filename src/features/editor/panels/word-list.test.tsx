import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getItem, toArray } from '../store';
import { fakeClock, fakePreviewSource, makeStore, renderWithStore, word } from './test-utils';
import { WordList } from './word-list';

beforeAll(() => {
  // happy-dom has no layout: give the scroller a viewport so the virtualizer renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 400 });
  // Nor scrolling: keep the offset the list asks for and tell it, as a browser would.
  const offsets = new WeakMap<Element, number>();
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return offsets.get(this) ?? 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') || 0;
    },
  });
  HTMLElement.prototype.scrollTo = function (
    this: HTMLElement,
    options?: ScrollToOptions | number,
  ) {
    offsets.set(this, typeof options === 'object' ? (options.top ?? 0) : 0);
    queueMicrotask(() => this.dispatchEvent(new Event('scroll')));
  };
});

const items = [
  word(0, 0, 1, 1.5, 'la'),
  word(0, 1, 1.5, 2, 'la'),
  word(0, 2, 2, 2.6, 'love'),
  word(1, 0, 4, 4.5, 'second'),
  word(1, 1, 4.5, 5, 'line'),
];

function setup(list = items) {
  const store = makeStore(list);
  const player = fakeClock();
  renderWithStore(store, <WordList player={player} />);
  return { store, player, start: (key: string) => getItem(store.getState().doc, key)?.start };
}

describe('WordList', () => {
  it('renders a header per line and a row per word from the store', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Lines and words' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByLabelText('Text of line 1')).toHaveProperty('value', 'la la love');
    expect(screen.getByLabelText('Text of line 2')).toHaveProperty('value', 'second line');
    expect(screen.getAllByLabelText('Start of la')).toHaveLength(2);
    expect(screen.getByLabelText('Start of love')).toHaveProperty('value', '0:02.000');
    expect(screen.getByLabelText('End of love')).toHaveProperty('value', '0:02.600');
  });

  it('commits a typed start on Enter', () => {
    const { store, start } = setup();
    const field = screen.getByLabelText('Start of love');
    fireEvent.change(field, { target: { value: '2.125' } });
    expect(start('w0-2')).toBe(2);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(start('w0-2')).toBe(2.125);
    expect(store.getState().history.canUndo).toBe(true);
    expect(screen.getByLabelText('Start of love')).toHaveProperty('value', '0:02.125');
  });

  it('commits m:ss with a decimal comma on blur', () => {
    const { start } = setup();
    const field = screen.getByLabelText('Start of second');
    fireEvent.change(field, { target: { value: '0:03,9' } });
    fireEvent.blur(field);
    expect(start('w1-0')).toBe(3.9);
  });

  it('refuses invalid input with a message, keeps the text, and Escape restores', () => {
    const { store, start } = setup();
    const field = screen.getByLabelText('Start of love');
    fireEvent.change(field, { target: { value: '-3' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(start('w0-2')).toBe(2);
    expect(store.getState().history.canUndo).toBe(false);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const messageId = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(messageId)?.textContent).toMatch(/negative/);
    expect(field).toHaveProperty('value', '-3');

    fireEvent.blur(field);
    expect(start('w0-2')).toBe(2);
    expect(field).toHaveProperty('value', '-3');

    fireEvent.change(field, { target: { value: '99' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toMatch(/Past the end of the song \(1:00\.000\)/);

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field).toHaveProperty('value', '0:02.000');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(start('w0-2')).toBe(2);
  });

  it('does not commit a field that was only focused and left', () => {
    const store = makeStore([word(0, 0, 1.23456, 2, 'exact')]);
    renderWithStore(store, <WordList player={fakeClock()} />);
    const field = screen.getByLabelText('Start of exact');
    fireEvent.focus(field);
    fireEvent.blur(field);
    expect(getItem(store.getState().doc, 'w0-0')?.start).toBe(1.23456);
  });

  it('edits a word text and a line text (timing kept)', () => {
    const { store } = setup();
    const text = screen.getByLabelText('Text of love');
    fireEvent.change(text, { target: { value: 'luv' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(getItem(store.getState().doc, 'w0-2')?.text).toBe('luv');

    const line = screen.getByLabelText('Text of line 2');
    fireEvent.change(line, { target: { value: 'second  row' } });
    fireEvent.blur(line);
    const line2 = toArray(store.getState().doc).filter((i) => i.line === 1);
    expect(line2.map((i) => [i.text, i.start])).toEqual([
      ['second', 4],
      ['row', 4.5],
    ]);
    expect(screen.getByLabelText('Text of line 2')).toHaveProperty('value', 'second row');
  });

  it('marks estimated words and words with problems', () => {
    const store = makeStore([word(0, 0, 1, 2, 'a'), word(0, 1, 1.5, 3, 'b')]);
    store.getState().actions.setLineText(0, 'a new b');
    store.getState().actions.validateNow();
    renderWithStore(store, <WordList player={fakeClock()} />);
    const rowB = screen.getByLabelText('Start of b').closest('[role="listitem"]') as HTMLElement;
    expect(rowB.className).toContain('problem-error');
    expect(rowB.textContent).toContain('Overlaps the previous word');
    const inserted = screen.getByLabelText('Text of new');
    expect(inserted.closest('.commit-field')?.className).toContain('estimated');
    expect(inserted.closest('[role="listitem"]')?.textContent).toContain('estimated');
    const rowA = screen.getByLabelText('Text of a').closest('[role="listitem"]') as HTMLElement;
    expect(rowA.textContent).not.toContain('estimated');
  });

  it('selects on click, extends with shift, toggles with ctrl', () => {
    const { store } = setup();
    const row = (label: string) =>
      screen.getByLabelText(label).closest('[role="listitem"]') as HTMLElement;
    fireEvent.click(row('Start of love'));
    expect([...store.getState().selection]).toEqual(['w0-2']);
    expect(row('Start of love').className).toContain('selected');
    fireEvent.click(row('Start of line'), { shiftKey: true });
    expect([...store.getState().selection].sort()).toEqual(['w0-2', 'w1-0', 'w1-1']);
    fireEvent.click(row('Start of second'), { ctrlKey: true });
    expect([...store.getState().selection].sort()).toEqual(['w0-2', 'w1-1']);
  });

  it('moves between rows with the arrow keys and selects with Enter', () => {
    const { store } = setup();
    const rows = screen.getAllByRole('listitem');
    const first = rows[0] as HTMLElement;
    expect(first.tabIndex).toBe(0);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('2');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect([...store.getState().selection]).toEqual(['w0-1']);
    // Enter also goes into the row's first field; Escape comes back to the row.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Text of la');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('2');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('6');
  });

  it('is one tab stop: only the active row is tabbable, its fields are reached with Enter', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Lines and words' });
    const tabbable = [...list.querySelectorAll<HTMLElement>('*')].filter((el) => el.tabIndex >= 0);
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]?.getAttribute('data-row')).toBe('0');
    for (const field of list.querySelectorAll<HTMLElement>('input, button'))
      expect(field.tabIndex).toBe(-1);
  });

  it('Tab moves between the fields of a row and, past the last, leaves it to the browser', () => {
    setup();
    const text = screen.getByLabelText('Text of love');
    const startField = screen.getByLabelText('Start of love');
    const endField = screen.getByLabelText('End of love');
    act(() => text.focus());
    expect(fireEvent.keyDown(text, { key: 'Tab' })).toBe(false); // handled: default prevented
    expect(document.activeElement).toBe(startField);
    fireEvent.keyDown(startField, { key: 'Tab' });
    expect(document.activeElement).toBe(endField);
    expect(fireEvent.keyDown(endField, { key: 'Tab' })).toBe(true); // the browser moves on
    fireEvent.keyDown(endField, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(startField);
  });

  it('refuses an end typed before the start at the field and keeps the typed value', () => {
    const { store } = setup();
    const field = screen.getByLabelText('End of love');
    fireEvent.change(field, { target: { value: '1.5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(getItem(store.getState().doc, 'w0-2')?.end).toBe(2.6);
    expect(store.getState().history.canUndo).toBe(false);
    expect(field).toHaveProperty('value', '1.5');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'The end must be after the start (0:02.000)',
    );
    const start = screen.getByLabelText('Start of love');
    fireEvent.change(start, { target: { value: '3' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    expect(getItem(store.getState().doc, 'w0-2')?.start).toBe(2);
    expect(start.getAttribute('aria-invalid')).toBe('true');
  });

  it('plays a line from its start', () => {
    const { player } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Play line 2' }));
    expect(player.calls).toEqual(['seek 4', 'play']);
  });

  it('follows a selection made elsewhere', async () => {
    const many = Array.from({ length: 400 }, (_, k) =>
      word(Math.floor(k / 8), k % 8, k, k + 0.5, `w${k}`),
    );
    const { store } = setup(many);
    expect(screen.queryByLabelText('Start of w300')).toBeNull();
    await act(async () => {
      store.getState().actions.select(['w37-4']);
      await Promise.resolve();
    });
    expect(screen.getByLabelText('Start of w300')).toBeTruthy();
  });

  it('shows the times of words being dragged live (written, not rendered), and the committed ones again after', () => {
    const store = makeStore(items);
    const { src: source, set: drag } = fakePreviewSource();
    renderWithStore(store, <WordList player={fakeClock()} preview={source} />);
    const startOf = (name: string) => screen.getByLabelText(`Start of ${name}`);

    drag({ kind: 'shift', keys: new Set(['w0-2', 'w1-0']), deltaSeconds: 0.25 });
    expect(startOf('love')).toHaveProperty('value', '0:02.250');
    expect(screen.getByLabelText('End of love')).toHaveProperty('value', '0:02.850');
    expect(startOf('second')).toHaveProperty('value', '0:04.250');
    expect(startOf('line')).toHaveProperty('value', '0:04.500'); // not dragged
    expect(startOf('love').closest('[role="listitem"]')?.textContent).toContain('moving');
    const field = startOf('love');
    drag({ kind: 'shift', keys: new Set(['w0-2', 'w1-0']), deltaSeconds: 0.5 });
    expect(startOf('love')).toBe(field);
    expect(field).toHaveProperty('value', '0:02.500');

    drag({ kind: 'replace', items: new Map([['w1-1', { start: 4.6, end: 5.4 }]]) });
    expect(startOf('love')).toHaveProperty('value', '0:02.000');
    expect(startOf('line')).toHaveProperty('value', '0:04.600');
    expect(screen.getByLabelText('End of line')).toHaveProperty('value', '0:05.400');

    drag(null);
    expect(startOf('line')).toHaveProperty('value', '0:04.500');
    expect(startOf('line').closest('[role="listitem"]')?.textContent).not.toContain('moving');
    // The store was never touched: a preview is not an edit.
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('reaches every word of a long list by keyboard: End lands on the last of all rows', async () => {
    // 2,000 words on 200 lines: only a screenful of rows is in the DOM at a time.
    const many = Array.from({ length: 2000 }, (_, i) =>
      word(Math.floor(i / 10), i % 10, i * 0.5, i * 0.5 + 0.4, `w${i}`),
    );
    setup(many);
    const rows = 2000 + 200;
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(first.getAttribute('aria-setsize')).toBe(String(rows));
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'End' });
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-posinset')).toBe(String(rows)),
    );
    expect(document.activeElement?.getAttribute('aria-setsize')).toBe(String(rows));
    expect(screen.getByLabelText('Text of w1999')).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageUp' });
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-posinset')).toBe(String(rows - 10)),
    );
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('aria-posinset')).toBe('1'));
  });

  it('a row focus still on its way never takes back focus that moved elsewhere meanwhile', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      word(Math.floor(i / 10), i % 10, i * 0.5, i * 0.5 + 0.4, `w${i}`),
    );
    setup(many);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    act(() => first.focus());
    const field = screen.getByRole('searchbox', { name: 'Find word' });
    act(() => {
      fireEvent.keyDown(first, { key: 'End' }); // the last row is not rendered yet
      field.focus(); // "/" pressed at once
    });
    await vi.waitFor(() => expect(screen.getByLabelText('Text of w1999')).toBeTruthy());
    expect(document.activeElement).toBe(field);
  });

  it('"Find word" focuses and selects any word, even one not rendered, and says which', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      word(Math.floor(i / 10), i % 10, i * 0.5, i * 0.5 + 0.4, i === 1703 ? 'Éclair' : `w${i}`),
    );
    const { store } = setup(many);
    expect(screen.queryByLabelText('Text of Éclair')).toBeNull(); // far below the rendered rows
    const field = screen.getByRole('searchbox', { name: 'Find word' });
    fireEvent.change(field, { target: { value: 'eclair' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await vi.waitFor(() =>
      expect(document.activeElement?.querySelector('[aria-label="Text of Éclair"]')).toBeTruthy(),
    );
    expect([...store.getState().selection]).toEqual(['w170-3']);
    expect(screen.getByRole('status').textContent).toBe(
      'Éclair, 14:11.500 to 14:11.900, line 171: match 1 of 1.',
    );
    fireEvent.change(field, { target: { value: 'nothing like it' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('No word contains “nothing like it”.');
  });
});
