import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getItem, toArray } from '../../../timing';
import { makeStore, renderWithStore, word } from '../panels/test-utils';
import type { EditorStore } from '../store';
import { EditingToolbar } from './editing-toolbar';
import { useEditingTools } from './use-editing-tools';

beforeEach(() => localStorage.clear());

function Harness({ store, playhead = 0 }: { store: EditorStore; playhead?: number }) {
  const tools = useEditingTools(store, []);
  return (
    <EditingToolbar
      tools={tools}
      store={store}
      others={[]}
      getPlayhead={() => playhead}
      duration={60}
    />
  );
}

const items = () => [
  word(0, 0, 1, 2, 'hello'),
  word(0, 1, 2, 3, 'world'),
  word(1, 0, 4, 5, 'again'),
];
const spans = (store: EditorStore) =>
  toArray(store.getState().doc).map((x) => `${x.text}@${x.start}-${x.end}`);

describe('editing toolbar', () => {
  it('says what is missing instead of acting on nothing', () => {
    const store = makeStore(items());
    renderWithStore(store, <Harness store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Shift selection' }));
    expect(screen.getByRole('status').textContent).toBe('Select a word first.');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take from comparison' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Choose an alignment in “Compare with” first.',
    );
  });

  it('Shift selection: the message at the field, the typed text kept, then one exact step', () => {
    const store = makeStore(items());
    act(() => store.getState().actions.select(['w0-1']));
    renderWithStore(store, <Harness store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Shift selection' }));
    const field = screen.getByLabelText('Offset in seconds');
    fireEvent.change(field, { target: { value: '-3' } });
    fireEvent.submit(field.closest('form')!);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/earliest shift is -2.000 s/);
    expect(field).toHaveProperty('value', '-3');
    expect(store.getState().history.undoSteps).toBe(0);
    fireEvent.change(field, { target: { value: '-0.5' } });
    fireEvent.submit(field.closest('form')!);
    expect(spans(store)).toContain('world@1.5-2.5');
    expect(store.getState().history.undoSteps).toBe(1);
  });

  it('Split word at the playhead into sub-words, and Singer for whole lines', () => {
    const store = makeStore(items());
    act(() => store.getState().actions.select(['w0-0']));
    renderWithStore(store, <Harness store={store} playhead={1.4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Split word' }));
    const dialog = screen.getByRole('dialog');
    expect(screen.getByLabelText<HTMLInputElement>('Split after letter').value).toBe('2');
    expect(dialog.textContent).toContain('he | llo');
    fireEvent.click(screen.getByLabelText(/sub-word of the same word/));
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(spans(store).slice(0, 2)).toEqual(['he@1-1.4', 'llo@1.4-2']);
    expect(getItem(store.getState().doc, '0/0/1')?.word).toBe(0);

    fireEvent.click(screen.getByLabelText('Whole lines'));
    fireEvent.change(screen.getByLabelText('Singer'), { target: { value: '2' } });
    expect(toArray(store.getState().doc).map((x) => x.singer)).toEqual([2, 2, 2, undefined]);
    expect(screen.getByRole('list', { name: 'Singers' }).textContent).toContain('Singer 2');
    expect(store.getState().history.undoSteps).toBe(2);
  });
});
