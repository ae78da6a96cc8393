import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './modal-dialog';

const dialog = (open: boolean, onClose: () => void, fresh = false) => (
  <ModalDialog open={open} onClose={onClose} title="Rename" className="rename" fresh={fresh}>
    <input aria-label="New name" />
  </ModalDialog>
);

describe('ModalDialog', () => {
  it('is a modal dialog named by its heading while open, with its own class', () => {
    render(dialog(true, () => {}));
    const shown = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Rename' });
    expect(shown.open).toBe(true);
    expect(shown.className).toBe('dialog rename');
  });

  it('calls onClose on Escape (cancel) and keeps itself open for its owner to close', () => {
    const onClose = vi.fn();
    render(dialog(true, onClose));
    const shown = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Rename' });
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void shown.dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(shown.open).toBe(true);
  });

  it('calls onClose when the browser closes it while open, not when its owner did', () => {
    const onClose = vi.fn();
    const { rerender, container } = render(dialog(true, onClose));
    const element = container.querySelector('dialog')!;
    fireEvent(element, new Event('close'));
    expect(onClose).toHaveBeenCalledOnce();

    rerender(dialog(false, onClose));
    expect(element.open).toBe(false);
    fireEvent(element, new Event('close'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('mounts fresh content only while open', () => {
    const { rerender } = render(dialog(false, () => {}, true));
    expect(screen.queryByLabelText('New name', { selector: 'input' })).toBeNull();
    rerender(dialog(true, () => {}, true));
    expect(screen.getByLabelText('New name')).toBeTruthy();
  });
});
