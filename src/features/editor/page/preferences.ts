import { useEffect, useState } from 'react';
import type { OverlapPolicy } from '../../../timing';
import type { EditorSettings, EditorStore } from '../store';
import type { LaneMode } from '../timeline';

/**
 * The editor's preferences, kept in this browser across reloads and projects: how words meet
 * (overlap policy), snapping, tap latency and the lane mode. Stored as JSON in localStorage; a
 * value that is missing, malformed or out of range is ignored (the default stays).
 */
export interface EditorPreferences {
  overlapPolicy?: OverlapPolicy;
  snapping?: boolean;
  tapLatency?: number;
  laneMode?: LaneMode;
}

export const PREFERENCES_KEY = 'kts.editor.preferences.v1';

const POLICIES: readonly OverlapPolicy[] = ['allow', 'stop', 'push'];
const LANES: readonly LaneMode[] = ['line', 'singer'];
/** Tap latency is typed in ms (0..1000 in the panel); seconds here. */
const MAX_LATENCY = 1;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked
  }
}

export function loadPreferences(store: Storage | null = storage()): EditorPreferences {
  let raw: unknown;
  try {
    raw = JSON.parse(store?.getItem(PREFERENCES_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const r = raw as Record<string, unknown>;
  const out: EditorPreferences = {};
  if (POLICIES.includes(r.overlapPolicy as OverlapPolicy))
    out.overlapPolicy = r.overlapPolicy as OverlapPolicy;
  if (typeof r.snapping === 'boolean') out.snapping = r.snapping;
  if (typeof r.tapLatency === 'number' && r.tapLatency >= 0 && r.tapLatency <= MAX_LATENCY)
    out.tapLatency = r.tapLatency;
  if (LANES.includes(r.laneMode as LaneMode)) out.laneMode = r.laneMode as LaneMode;
  return out;
}

export function savePreferences(patch: EditorPreferences, store: Storage | null = storage()): void {
  try {
    store?.setItem(PREFERENCES_KEY, JSON.stringify({ ...loadPreferences(store), ...patch }));
  } catch {
    // Full or blocked storage: the preference lasts for this page only.
  }
}

const settingsOf = (p: EditorPreferences): Partial<EditorSettings> => {
  const { laneMode: _lanes, ...settings } = p;
  return settings;
};

/**
 * Applies the saved preferences to `store` and saves its settings whenever they change. Returns
 * the lane mode (a page setting, not the store's) and its setter, saved the same way.
 */
export function useEditorPreferences(store: EditorStore): [LaneMode, (mode: LaneMode) => void] {
  const [laneMode, setLaneMode] = useState<LaneMode>(() => loadPreferences().laneMode ?? 'line');
  useEffect(() => {
    store.getState().actions.setSettings(settingsOf(loadPreferences()));
    return store.subscribe((state, prev) => {
      if (state.settings === prev.settings) return;
      const { overlapPolicy, snapping, tapLatency } = state.settings;
      savePreferences({ overlapPolicy, snapping, tapLatency });
    });
  }, [store]);
  const setLanes = (mode: LaneMode) => {
    setLaneMode(mode);
    savePreferences({ laneMode: mode });
  };
  return [laneMode, setLanes];
}
