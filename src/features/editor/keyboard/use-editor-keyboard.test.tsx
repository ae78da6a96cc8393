import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useEditorKeyboard, type KeyHandlers } from './use-editor-keyboard';

function Harness({ handlers, tapMode = false }: { handlers: KeyHandlers; tapMode?: boolean }) {
  useEditorKeyboard(handlers, { tapMode });
  return <input aria-label="field" />;
}

describe('useEditorKeyboard', () => {
  it('calls the handler of a matched binding and prevents the default', () => {
    const save = vi.fn();
    const playPause = vi.fn();
    render(<Harness handlers={{ save, playPause }} />);
    const s = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, cancelable: true });
    window.dispatchEvent(s);
    expect(save).toHaveBeenCalledOnce();
    expect(s.defaultPrevented).toBe(true);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(playPause).toHaveBeenCalledOnce();
  });

  it('leaves unbound commands and "not handled" results to the browser', () => {
    const selectNext = vi.fn(() => false);
    render(<Harness handlers={{ selectNext }} />);
    const right = new KeyboardEvent('keydown', {
      key: 'ArrowRight',
      cancelable: true,
      bubbles: true,
    });
    document.body.dispatchEvent(right);
    expect(selectNext).toHaveBeenCalledOnce();
    expect(right.defaultPrevented).toBe(false);
    // Tab is never a shortcut: it always moves focus.
    const tab = new KeyboardEvent('keydown', { key: 'Tab', cancelable: true, bubbles: true });
    document.body.dispatchEvent(tab);
    expect(selectNext).toHaveBeenCalledOnce();
    expect(tab.defaultPrevented).toBe(false);
    const v = new KeyboardEvent('keydown', { key: 'v', cancelable: true, bubbles: true });
    document.body.dispatchEvent(v);
    expect(v.defaultPrevented).toBe(false);
  });

  it('ignores typing in a field but not Mod+z there', () => {
    const soloVocals = vi.fn();
    const undo = vi.fn();
    const { getByLabelText } = render(<Harness handlers={{ soloVocals, undo }} />);
    const field = getByLabelText('field');
    fireEvent.keyDown(field, { key: 'v' });
    fireEvent.keyDown(field, { key: 'z', metaKey: true });
    expect(soloVocals).not.toHaveBeenCalled();
    expect(undo).toHaveBeenCalledOnce();
  });

  it('taps: keydown once per press (repeats ignored), keyup releases, only in tap mode', () => {
    const tapDown = vi.fn();
    const tapUp = vi.fn();
    const { rerender } = render(<Harness handlers={{ tapDown, tapUp }} />);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyUp(document.body, { key: 'j' });
    expect(tapDown).not.toHaveBeenCalled();
    expect(tapUp).not.toHaveBeenCalled();

    rerender(<Harness handlers={{ tapDown, tapUp }} tapMode />);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j', repeat: true });
    fireEvent.keyDown(document.body, { key: 'j', repeat: true });
    expect(tapDown).toHaveBeenCalledTimes(1);
    fireEvent.keyUp(document.body, { key: 'j' });
    expect(tapUp).toHaveBeenCalledTimes(1);
    fireEvent.keyUp(document.body, { key: 'j' });
    expect(tapUp).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(document.body, { key: 'j' });
    window.dispatchEvent(new Event('blur'));
    expect(tapUp).toHaveBeenCalledTimes(2);
  });

  it('repeats nudges while held', () => {
    const nudgeLeft = vi.fn();
    render(<Harness handlers={{ nudgeLeft }} />);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true, repeat: true });
    expect(nudgeLeft).toHaveBeenCalledTimes(2);
  });
});
