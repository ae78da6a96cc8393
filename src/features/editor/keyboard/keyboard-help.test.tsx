import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chordText } from './format-keys';
import { DEFAULT_KEY_MAP } from './key-map';
import { KeyboardHelp } from './keyboard-help';

describe('KeyboardHelp', () => {
  it('is a modal dialog named Keyboard shortcuts listing every binding with all its keys', () => {
    render(<KeyboardHelp open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(DEFAULT_KEY_MAP.length);
    for (const binding of DEFAULT_KEY_MAP) {
      const row = within(dialog).getByRole('rowheader', { name: binding.label }).closest('tr');
      expect(row?.getAttribute('data-command')).toBe(binding.id);
      const keys = Array.from(row?.querySelectorAll('kbd') ?? []).map((k) =>
        k.getAttribute('aria-label'),
      );
      expect(keys).toEqual(binding.keys.map((spec) => chordText(spec)));
    }
  });

  it('shows the chords readably', () => {
    render(<KeyboardHelp open onClose={() => {}} />);
    const redo = screen.getByRole('rowheader', { name: 'Redo' }).closest('tr') as HTMLElement;
    const text = redo.textContent ?? '';
    expect(text.includes('Ctrl+Shift+Z') || text.includes('⌘⇧Z')).toBe(true);
    const tap = screen.getByRole('rowheader', { name: /^Tap:/ }).closest('tr') as HTMLElement;
    expect(tap.textContent).toContain('(in tap mode)');
  });

  it('lists a custom map and closes on its button', () => {
    const onClose = vi.fn();
    render(
      <KeyboardHelp
        open
        onClose={onClose}
        map={[{ id: 'save', keys: ['Mod+s'], label: 'Store it', group: 'Editing' }]}
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: 'Store it' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('is closed when not open', () => {
    render(<KeyboardHelp open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
