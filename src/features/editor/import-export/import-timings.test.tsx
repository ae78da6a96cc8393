import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toArray } from '../../../timing';
import { makeStore, renderWithStore, word } from '../panels/test-utils';
import { timingFileDrop } from './file-drop';
import { ImportTimings } from './import-timings';
import { createTimingsClient, type TimingsClient } from './timings-client';
import type { ReadSummary } from './timings-protocol';

const current = [word(0, 0, 1, 2, 'old'), word(0, 1, 2, 3, 'words'), word(1, 0, 4, 5, 'here')];
const LRC =
  '[ti:Song]\n[00:01.00]Hello bright world\nnot a timed line\n[00:04.50]Second line\n[00:07.00]\n';

/** The main-thread fallback: happy-dom has no workers, and this is the same code they run. */
const mainThread = () => createTimingsClient(null);

function setup(client: TimingsClient = mainThread(), duration = 60) {
  const store = makeStore(current, duration);
  renderWithStore(store, <ImportTimings store={store} client={client} duration={duration} />);
  return store;
}

const choose = (text: string, name: string) =>
  act(() => {
    fireEvent.change(screen.getByLabelText('Timing file to import'), {
      target: { files: [new File([text], name)] },
    });
  });
const dialog = () => screen.getByRole('dialog', { name: 'Import timings' });
const texts = (store: ReturnType<typeof makeStore>) =>
  toArray(store.getState().doc).map((x) => x.text);

describe('Import timings', () => {
  it('opens the file chooser from the button', () => {
    setup();
    const input = screen.getByLabelText<HTMLInputElement>('Timing file to import');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Import timings' }));
    expect(click).toHaveBeenCalled();
  });

  it('previews an LRC (format, encoding, counts, estimated, warnings), applies it as one undo step', async () => {
    const store = setup();
    choose(LRC, 'song.lrc');
    await screen.findByText(/Word by word|By line only/);
    const d = dialog();
    const format = within(d).getByLabelText<HTMLSelectElement>('Format');
    expect(format.value).toBe('lrc');
    expect(format.selectedOptions[0]?.textContent).toMatch(/detected/);
    expect(d.textContent).toMatch(/utf-8/i);
    expect(d.textContent).toContain('2 lines, 5 words');
    expect(d.textContent).toContain('By line only');
    expect(within(d).getByRole('heading', { name: '1 warning' })).toBeTruthy();
    expect(within(d).getByRole('list', { name: '1 warning' }).textContent).toContain('Line 3:');
    expect(d.textContent).toContain('replaces the 3 words of this alignment');

    fireEvent.click(within(d).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(texts(store)).toEqual(['Hello', 'bright', 'world', 'Second', 'line']);
    const { doc, history } = store.getState();
    expect(doc.estimated.size).toBe(5);
    expect(history.undoSteps).toBe(1);
    expect(store.getState().dirty).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Imported 5 items from song.lrc');
    act(() => store.getState().actions.undo());
    expect(texts(store)).toEqual(['old', 'words', 'here']);
    expect(store.getState().doc.estimated.size).toBe(0);
  });

  it('Cancel changes nothing', async () => {
    const store = setup();
    choose(LRC, 'song.lrc');
    await screen.findByText(/By line only/);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(texts(store)).toEqual(['old', 'words', 'here']);
    expect(store.getState().history.undoSteps).toBe(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import timings' }));
  });

  it('a file with nothing readable shows the one-sentence reason at the field; Apply stays off', async () => {
    const store = setup();
    choose('just some words\nwithout any times\n', 'notes.txt');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toMatch(/^[A-Z][^\n]*\.$/);
    // No stack frame ("at fn (file:1:2)"); "format we know (" is not one.
    expect(alert.textContent).not.toMatch(/\bat \S+ \(|Error:/);
    const format = within(dialog()).getByLabelText('Format');
    expect(format.getAttribute('aria-invalid')).toBe('true');
    expect(format.getAttribute('aria-describedby')).toBe(alert.id);
    expect(
      within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Apply' }).disabled,
    ).toBe(true);
    expect(texts(store)).toEqual(['old', 'words', 'here']);
  });

  it('choosing another format reads the file again as that format', async () => {
    setup();
    choose(LRC, 'song.lrc');
    await screen.findByText(/By line only/);
    act(() => {
      fireEvent.change(within(dialog()).getByLabelText('Format'), { target: { value: 'json' } });
    });
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toMatch(/JSON/i);
    const format = within(dialog()).getByLabelText<HTMLSelectElement>('Format');
    expect(format.value).toBe('json');
    // The detected format stays marked, and choosing it again brings the preview back.
    expect(within(format).getByRole('option', { name: /detected/ })).toHaveProperty('value', 'lrc');
    act(() => {
      fireEvent.change(format, { target: { value: 'lrc' } });
    });
    await screen.findByText(/By line only/);
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('shows the busy state while reading; Cancel stops the read', async () => {
    let finish: (r: ReadSummary) => void = () => {};
    const read = vi.fn<TimingsClient['read']>(() => new Promise((resolve) => (finish = resolve)));
    const cancel = vi.fn();
    const client: TimingsClient = {
      read,
      take: () => Promise.reject(new Error('not read')),
      write: () => Promise.resolve(''),
      cancel,
      dispose: vi.fn(),
    };
    const store = setup(client);
    choose(LRC, 'big.lrc');
    await waitFor(() => expect(read).toHaveBeenCalled());
    expect(within(dialog()).getByRole('status').textContent).toContain('Reading big.lrc');
    expect(dialog().getAttribute('aria-busy')).toBe('true');
    expect(
      within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Apply' }).disabled,
    ).toBe(true);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalled();
    // A read that ends after Cancel changes nothing.
    const late = await mainThread().read(new TextEncoder().encode('[00:01.00]late\n[00:02.00]\n'));
    await act(() => {
      finish(late);
      return Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(texts(store)).toEqual(['old', 'words', 'here']);
  });

  it('refuses a file over the size limit before reading it', () => {
    const read = vi.fn<TimingsClient['read']>();
    setup({ ...mainThread(), read });
    const file = new File(['x'], 'huge.lrc');
    Object.defineProperty(file, 'size', { value: 200 * 1024 * 1024 });
    act(() => {
      fireEvent.change(screen.getByLabelText('Timing file to import'), {
        target: { files: [file] },
      });
    });
    expect(within(dialog()).getByRole('alert').textContent).toContain('200.0 MB');
    expect(read).not.toHaveBeenCalled();
  });

  it('says which imported words end after the song', async () => {
    setup(mainThread(), 5);
    choose(LRC, 'song.lrc');
    await screen.findByText(/By line only/);
    expect(dialog().textContent).toMatch(/\d+ items? ends? after the song’s end \(0:05\.000\)/);
  });

  it('a file dropped on the timeline opens the same preview', async () => {
    const store = setup();
    renderWithStore(store, <section data-testid="timeline" {...timingFileDrop(store)} />);
    const target = screen.getByTestId('timeline');
    const file = new File([LRC], 'dropped.lrc');
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragOver(target, { dataTransfer });
    expect(target.dataset.fileOver).toBe('true');
    act(() => {
      fireEvent.drop(target, { dataTransfer });
    });
    await screen.findByText(/By line only/);
    expect(target.dataset.fileOver).toBeUndefined();
    expect(dialog().textContent).toContain('dropped.lrc');
  });
});
