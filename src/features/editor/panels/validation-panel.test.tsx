import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, renderWithStore, word } from './test-utils';
import { ValidationPanel } from './validation-panel';

// 'b' overlaps 'a'; 'c' is longer than 2 s (a warning); 'd' ends past the 60 s song.
const items = [
  word(0, 0, 1, 2, 'a'),
  word(0, 1, 1.5, 3, 'b'),
  word(1, 0, 10, 13, 'c'),
  word(2, 0, 58.5, 61, 'd'),
];

describe('ValidationPanel', () => {
  it('shows a spinner while stale, then the findings grouped by severity', () => {
    const store = makeStore(items);
    renderWithStore(store, <ValidationPanel onJump={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('Checking');
    act(() => void store.getState().actions.validateNow());
    expect(screen.getByRole('status').textContent).toBe('2 errors, 2 warnings');
    const errors = screen.getByRole('region', { name: 'Errors' });
    expect(errors.textContent).toContain('0:01.500Overlaps the previous word: “a”, “b”');
    expect(errors.textContent).toContain('Past the end of the song: “d”');
    const warnings = screen.getByRole('region', { name: 'Warnings' });
    expect(warnings.textContent).toContain('Very long word (over 2 s): “c”');
    expect(warnings.textContent).toContain('Very long word (over 2 s): “d”');
    expect(screen.queryByRole('region', { name: 'Must fix before saving' })).toBeNull();
  });

  it('says No problems when clean', () => {
    const store = makeStore([word(0, 0, 1, 2, 'fine')]);
    store.getState().actions.validateNow();
    renderWithStore(store, <ValidationPanel onJump={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('No problems');
    expect(screen.getByRole('button', { name: 'Next problem' })).toHaveProperty('disabled', true);
  });

  it('a click selects the words of the finding and jumps to its time', () => {
    const store = makeStore(items);
    store.getState().actions.validateNow();
    const onJump = vi.fn<(time: number) => void>();
    renderWithStore(store, <ValidationPanel onJump={onJump} />);
    fireEvent.click(screen.getByRole('button', { name: /Overlaps the previous word/ }));
    expect([...store.getState().selection]).toEqual(['w0-0', 'w0-1']);
    expect(onJump).toHaveBeenCalledWith(1.5);
  });

  it('Next problem walks the findings in time order and wraps', () => {
    const store = makeStore(items);
    store.getState().actions.validateNow();
    const onJump = vi.fn<(time: number) => void>();
    renderWithStore(store, <ValidationPanel onJump={onJump} />);
    const next = screen.getByRole('button', { name: 'Next problem' });
    for (let i = 0; i < 4; i++) fireEvent.click(next);
    expect(onJump.mock.calls.map(([t]) => t)).toEqual([1.5, 10, 58.5, 1.5]);
    expect([...store.getState().selection]).toEqual(['w0-0', 'w0-1']);
  });

  it('searches from the given time (the playhead)', () => {
    const store = makeStore(items);
    store.getState().actions.validateNow();
    const onJump = vi.fn<(time: number) => void>();
    renderWithStore(store, <ValidationPanel onJump={onJump} getTime={() => 20} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next problem' }));
    expect(onJump).toHaveBeenCalledWith(58.5);
    expect([...store.getState().selection]).toEqual(['w2-0']);
  });
});
