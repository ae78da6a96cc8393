import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getItem } from '../../../timing';
import { makeStore, word } from '../panels/test-utils';
import { EditOptions, SnapToggle } from './edit-options';
import {
  loadPreferences,
  PREFERENCES_KEY,
  savePreferences,
  useEditorPreferences,
} from './preferences';

const items = [word(0, 0, 1, 2, 'one'), word(0, 1, 2, 3, 'two')];

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('editor preferences', () => {
  it('keeps only known, in-range values', () => {
    localStorage.setItem(
      PREFERENCES_KEY,
      JSON.stringify({
        overlapPolicy: 'shove',
        snapping: 'yes',
        tapLatency: 5,
        laneMode: 'singer',
      }),
    );
    expect(loadPreferences()).toEqual({ laneMode: 'singer' });
    localStorage.setItem(PREFERENCES_KEY, '{not json');
    expect(loadPreferences()).toEqual({});
    savePreferences({ tapLatency: 0.12 });
    savePreferences({ overlapPolicy: 'push' });
    expect(loadPreferences()).toEqual({ tapLatency: 0.12, overlapPolicy: 'push' });
  });

  it('applies saved settings to a store and saves changes, lane mode included', () => {
    savePreferences({ overlapPolicy: 'stop', snapping: false, laneMode: 'singer' });
    const store = makeStore(items);
    const { result } = renderHook(() => useEditorPreferences(store));
    expect(store.getState().settings.overlapPolicy).toBe('stop');
    expect(store.getState().settings.snapping).toBe(false);
    expect(result.current[0]).toBe('singer');
    act(() => store.getState().actions.setSettings({ tapLatency: 0.08 }));
    act(() => result.current[1]('line'));
    expect(loadPreferences()).toEqual({
      overlapPolicy: 'stop',
      snapping: false,
      tapLatency: 0.08,
      laneMode: 'line',
    });
  });
});

describe('EditOptions and SnapToggle', () => {
  it('sets the overlap policy and snapping of the store', () => {
    const store = makeStore(items);
    render(
      <>
        <EditOptions store={store} />
        <SnapToggle store={store} />
      </>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Words' }), {
      target: { value: 'push' },
    });
    expect(store.getState().settings.overlapPolicy).toBe('push');
    const snap = screen.getByRole('checkbox', { name: 'Snap' });
    expect(snap.getAttribute('aria-keyshortcuts')).toBe('g');
    fireEvent.click(snap);
    expect(store.getState().settings.snapping).toBe(false);
    act(() => store.getState().actions.setSettings({ snapping: true }));
    expect(snap).toHaveProperty('checked', true);
    // With push, a start typed before the previous word's end pushes that word back.
    act(() => store.getState().actions.setStart('w0-1', 1.5));
    expect(getItem(store.getState().doc, 'w0-0')?.end).toBe(1.5);
  });
});
