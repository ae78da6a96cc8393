import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EnterInput } from './enter-input';

describe('EnterInput', () => {
  it('reports what is typed, commits on Enter and cancels on Escape without passing the key on', () => {
    const onValue = vi.fn();
    const onEnter = vi.fn();
    const onEscape = vi.fn();
    const outer = vi.fn();
    render(
      <div onKeyDown={outer}>
        <EnterInput aria-label="Tag" value="en" {...{ onValue, onEnter, onEscape }} />
      </div>,
    );
    const field = screen.getByRole('textbox', { name: 'Tag' });
    fireEvent.change(field, { target: { value: 'ja' } });
    expect(onValue).toHaveBeenCalledWith('ja');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(outer).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('lets Escape through when it has nothing to cancel', () => {
    const outer = vi.fn();
    render(
      <div onKeyDown={outer}>
        <EnterInput aria-label="Tag" value="" onValue={() => {}} onEnter={() => {}} />
      </div>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Tag' }), { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
