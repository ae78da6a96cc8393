import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readTimings, TIMING_FORMATS } from '../../../formats';
import { makeStore, renderWithStore, word } from '../panels/test-utils';
import { ExportTimings } from './export-timings';
import { createTimingsClient, type TimingsClient } from './timings-client';

const project = { title: 'My song: live?', artists: ['Ann', 'Bo'], language: 'en' };

function setup(client: TimingsClient = createTimingsClient(null)) {
  const store = makeStore([word(0, 0, 1, 1.5, 'Hello'), word(0, 1, 1.5, 2.25, 'world')]);
  const save = vi.fn<(text: string, name: string, mimeType: string) => void>();
  renderWithStore(
    store,
    <ExportTimings store={store} project={project} client={client} save={save} />,
  );
  return { store, save };
}
const button = () => screen.getByRole('button', { name: 'Export timings' });
const rAF = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

describe('Export timings', () => {
  it('is a menu button listing every format', async () => {
    setup();
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button());
    await rAF();
    const menu = screen.getByRole('menu', { name: 'Export timings as' });
    expect(button().getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem')).toHaveLength(TIMING_FORMATS.length);
    expect(TIMING_FORMATS).toHaveLength(8);
  });

  it('works from the keyboard: arrows move, Escape closes back to the button', async () => {
    setup();
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    await rAF();
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'End' });
    expect(document.activeElement).toBe(items[items.length - 1]);
    fireEvent.keyDown(items[items.length - 1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]); // wraps
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('writes the current draft, unsaved edits included, and names the file after the project', async () => {
    const { store, save } = setup();
    act(() => store.getState().actions.setStart('w0-1', 1.6));
    fireEvent.click(button());
    await rAF();
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: /JSON/ }));
    });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [text, name, mime] = save.mock.calls[0]!;
    expect(name).toBe('My song_ live_.json');
    expect(mime).toBe('application/json');
    const back = readTimings(text, { format: 'json' });
    expect(back.items.map((x) => [x.text, x.start, x.end])).toEqual([
      ['Hello', 1, 1.5],
      ['world', 1.6, 2.25],
    ]);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a failed write says so at the control, with the format', async () => {
    const client: TimingsClient = {
      ...createTimingsClient(null),
      write: () => Promise.reject(new Error('The writer broke.')),
    };
    const { save } = setup(client);
    fireEvent.click(button());
    await rAF();
    act(() => {
      fireEvent.click(screen.getAllByRole('menuitem')[0]!);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      `${TIMING_FORMATS[0]!.label} export failed: The writer broke.`,
    );
    expect(save).not.toHaveBeenCalled();
    expect(button()).toHaveProperty('disabled', false);
  });
});
