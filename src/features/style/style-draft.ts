import { createStore, type StoreApi } from 'zustand/vanilla';
import { getAt, setAt, type ProjectSettings, type StyleObject } from '../../contract';

/**
 * The style being edited for one project: the settings it started from (`base`, the service's
 * last known version), the working style, and undo/redo of whole styles (a style is a small
 * object; each change copies only the path it touches). Unsaved work is kept in localStorage,
 * keyed by project, so a reload (or a crash) loses nothing; it carries the versionId it was made on.
 */
export interface StyleDraftState {
  readonly base: ProjectSettings;
  readonly style: StyleObject;
  readonly past: readonly StyleObject[];
  readonly future: readonly StyleObject[];
  /** The draft was restored from storage on open. */
  readonly restored: boolean;
  /** Fields whose typed text is not a valid value (kept in the field, not in the style). */
  readonly invalid: ReadonlySet<string>;
}

export interface StyleDraftActions {
  set(path: string, value: unknown): void;
  /** A field's typed text is (not) valid; an invalid one blocks saving. */
  markInvalid(path: string, invalid: boolean): void;
  /** Replaces the whole style as one undo step (apply or reset to a preset, take a merge). */
  replace(style: StyleObject): void;
  undo(): void;
  redo(): void;
  /** After a save of `sent`: the stored settings become the base; later edits stay. */
  saved(settings: ProjectSettings, sent: StyleObject): void;
  /** Drops the draft and starts again from these settings (reload theirs). */
  reset(settings: ProjectSettings): void;
  /** A preset was applied by the service: its settings are the base; Undo brings the old look back. */
  applied(settings: ProjectSettings): void;
  /** A newer base from the service while nothing is being edited. */
  rebaseClean(settings: ProjectSettings): void;
}

export type StyleDraftStore = StoreApi<StyleDraftState & StyleDraftActions>;

const MAX_HISTORY = 200;
const COALESCE_MS = 1000;
const KEY_PREFIX = 'kts.style-draft.';

interface Persisted {
  versionId: string;
  baseStyle: StyleObject;
  style: StyleObject;
}

export const isDirty = (s: StyleDraftState): boolean =>
  JSON.stringify(s.style) !== JSON.stringify(s.base.settings.style);

function readPersisted(projectId: string): Persisted | null {
  try {
    const text = localStorage.getItem(KEY_PREFIX + projectId);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<Persisted>;
    if (typeof value.versionId !== 'string' || !value.style || typeof value.style !== 'object')
      return null;
    return {
      versionId: value.versionId,
      baseStyle: value.baseStyle ?? value.style,
      style: value.style,
    };
  } catch {
    return null;
  }
}

function writePersisted(projectId: string, state: StyleDraftState): void {
  try {
    if (isDirty(state)) {
      const value: Persisted = {
        versionId: state.base.versionId,
        baseStyle: state.base.settings.style,
        style: state.style,
      };
      localStorage.setItem(KEY_PREFIX + projectId, JSON.stringify(value));
    } else {
      localStorage.removeItem(KEY_PREFIX + projectId);
    }
  } catch {
    // Storage full or blocked: the draft lives on in memory.
  }
}

/**
 * Three-way merge of two styles by field: what I changed since `base` is laid onto `theirs`;
 * a field both changed to different values is a conflict (mine is kept, the path is listed).
 */
export function mergeStyles(
  base: StyleObject,
  mine: StyleObject,
  theirs: StyleObject,
): { style: StyleObject; conflicts: string[] } {
  const conflicts: string[] = [];
  let merged = theirs;
  const walk = (b: unknown, m: unknown, t: unknown, path: string) => {
    const isObj = (v: unknown): v is object =>
      v !== null && typeof v === 'object' && !Array.isArray(v);
    if (isObj(m) && (isObj(b) || b === undefined)) {
      const keys = new Set([...Object.keys(m), ...Object.keys(b ?? {})]);
      for (const key of keys) {
        walk(
          getAt(b, key),
          getAt(m, key),
          isObj(t) ? getAt(t, key) : undefined,
          path ? `${path}.${key}` : key,
        );
      }
      return;
    }
    if (JSON.stringify(m) === JSON.stringify(b)) return;
    if (JSON.stringify(t) !== JSON.stringify(b) && JSON.stringify(t) !== JSON.stringify(m)) {
      conflicts.push(path);
    }
    merged = setAt(merged, path, m);
  };
  walk(base, mine, theirs, '');
  return { style: merged, conflicts };
}

/** A store for one project; a stored draft is restored (merged when it was made on an older version). */
export function createStyleDraft(projectId: string, settings: ProjectSettings): StyleDraftStore {
  const persisted = readPersisted(projectId);
  let style = settings.settings.style;
  let restored = false;
  if (persisted) {
    restored = true;
    style =
      persisted.versionId === settings.versionId
        ? persisted.style
        : mergeStyles(persisted.baseStyle, persisted.style, settings.settings.style).style;
  }
  const store = createStore<StyleDraftState & StyleDraftActions>()((set, get) => {
    // Typing a number or dragging a colour picker is one undo step per field per second.
    let last: { path: string; at: number } | null = null;
    const change = (next: StyleObject, path?: string) => {
      const { style: now, past } = get();
      if (JSON.stringify(now) === JSON.stringify(next)) return;
      const at = Date.now();
      const coalesce = path !== undefined && last?.path === path && at - last.at < COALESCE_MS;
      last = path === undefined ? null : { path, at };
      if (coalesce && past.length) set({ style: next, future: [] });
      else set({ style: next, past: [...past, now].slice(-MAX_HISTORY), future: [] });
    };
    return {
      base: settings,
      style,
      past: [],
      future: [],
      restored,
      invalid: new Set<string>(),
      set: (path, value) => change(setAt(get().style, path, value), path),
      markInvalid: (path, bad) => {
        const invalid = get().invalid;
        if (invalid.has(path) === bad) return;
        const next = new Set(invalid);
        if (bad) next.add(path);
        else next.delete(path);
        set({ invalid: next });
      },
      replace: (next) => change(next),
      undo: () => {
        last = null;
        const { past, style: now, future } = get();
        const prev = past[past.length - 1];
        if (!prev) return;
        set({ style: prev, past: past.slice(0, -1), future: [now, ...future] });
      },
      redo: () => {
        const { past, style: now, future } = get();
        const next = future[0];
        if (!next) return;
        set({ style: next, past: [...past, now], future: future.slice(1) });
      },
      saved: (stored, sent) =>
        set({
          base: stored,
          style: get().style === sent ? stored.settings.style : get().style,
        }),
      reset: (fresh) =>
        set({
          base: fresh,
          style: fresh.settings.style,
          past: [],
          future: [],
          restored: false,
          invalid: new Set(),
        }),
      applied: (stored) => {
        last = null;
        const { style: now, past } = get();
        set({
          base: stored,
          style: stored.settings.style,
          past: [...past, now].slice(-MAX_HISTORY),
          future: [],
        });
      },
      rebaseClean: (fresh) => {
        if (!isDirty(get())) set({ base: fresh, style: fresh.settings.style });
      },
    };
  });
  store.subscribe((state) => writePersisted(projectId, state));
  return store;
}
