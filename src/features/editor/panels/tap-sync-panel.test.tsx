import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, renderWithStore, word } from './test-utils';
import { parseLatencyMs, TapSyncPanel } from './tap-sync-panel';

const items = [word(0, 0, 1, 2, 'one'), word(0, 1, 2, 3, 'two'), word(1, 0, 4, 5, 'three')];

describe('TapSyncPanel', () => {
  it('starts and stops tap mode and shows the word to tap next', () => {
    const store = makeStore(items);
    renderWithStore(store, <TapSyncPanel rate={0.75} onRateChange={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Tap mode off');
    expect(screen.getByText('Press J on each word; hold to set its end.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start tap-sync' }));
    expect(store.getState().tap).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Tap mode on');
    expect(screen.getByText('one').className).toBe('tap-current');

    act(() => {
      store.getState().actions.tapDown(1.2);
      store.getState().actions.tapUp(1.25);
    });
    expect(screen.getByText('two').className).toBe('tap-current');
    expect(screen.getByText('Last tapped: one')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stop tap-sync' }));
    expect(store.getState().tap).toBeNull();
  });

  it('offers rates from 0.5x to 1x and reports the choice', () => {
    const onRateChange = vi.fn();
    renderWithStore(makeStore(items), <TapSyncPanel rate={0.75} onRateChange={onRateChange} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Tap playback rate');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      '0.5x',
      '0.6x',
      '0.7x',
      '0.75x',
      '0.8x',
      '0.9x',
      '1.0x',
    ]);
    expect(select.value).toBe('0.75');
    fireEvent.change(select, { target: { value: '0.5' } });
    expect(onRateChange).toHaveBeenCalledWith(0.5);
  });

  it('sets the tap latency in the store settings, in seconds', () => {
    const store = makeStore(items);
    renderWithStore(store, <TapSyncPanel rate={1} onRateChange={() => {}} />);
    const input = screen.getByLabelText('Tap latency (ms)');
    expect(input).toHaveProperty('value', '0');
    fireEvent.change(input, { target: { value: '120' } });
    expect(store.getState().settings.tapLatency).toBe(0.12);
    fireEvent.change(input, { target: { value: '5000' } });
    expect(store.getState().settings.tapLatency).toBe(0.12);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/milliseconds/);
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '120');
  });
});

describe('a typed tap latency', () => {
  it('is kept when it is a number of milliseconds from -500 to 1000', () => {
    expect(parseLatencyMs('120')).toBe(120);
    expect(parseLatencyMs('-500')).toBe(-500);
    expect(parseLatencyMs('1000')).toBe(1000);
  });

  it('is refused when empty, no number or out of range', () => {
    for (const text of ['', '  ', 'abc', '-501', '1001', 'Infinity']) {
      expect(parseLatencyMs(text)).toBeNull();
    }
  });
});
