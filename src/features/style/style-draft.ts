import { createStore, type StoreApi } from 'zustand/vanilla';
import { getAt, setAt, type ProjectSettings, type StyleObject } from '../../contract';
import { readPersisted, writePersisted, type Persisted } from './style-draft-storage';
import type { StyleDraftState, StyleSnapshot } from './style-draft-state';

/**
 * The style being edited for one project: the settings it started from (`base`, the service's
 * last known version), the working style, and undo/redo of whole styles (a style is a small
 * object; each change copies only the path it touches). Unsaved work is kept in localStorage,
 * keyed by project, so a reload (or a crash) loses nothing; it carries the versionId it was made on.
 */
/** The path `set` takes for the project's `displayLanguages` (edited with the style, outside it). */
export const DISPLAY_LANGUAGES = 'displayLanguages';

export type { StyleDraftState, StyleSnapshot } from './style-draft-state';

export interface StyleDraftActions {
  /** A style path, or `DISPLAY_LANGUAGES` for the list of languages shown. */
  set(path: string, value: unknown): void;
  /** A field's typed text is (not) valid; an invalid one blocks saving. */
  markInvalid(path: string, invalid: boolean): void;
  /** Replaces the whole style as one undo step (apply or reset to a preset, take a merge). */
  replace(style: StyleObject, languages?: readonly string[]): void;
  undo(): void;
  redo(): void;
  /** After a save of `sent`: the stored settings become the base; later edits stay. */
  saved(settings: ProjectSettings, sent: StyleSnapshot): void;
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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const languagesDirty = (s: StyleDraftState): boolean =>
  !same(s.languages, s.base.settings.displayLanguages);

export const isDirty = (s: StyleDraftState): boolean =>
  !same(s.style, s.base.settings.style) || languagesDirty(s);

/** Three-way merge of the languages list as one value: mine where I changed it. */
export function mergeLanguages(
  base: readonly string[],
  mine: readonly string[],
  theirs: readonly string[],
): { languages: readonly string[]; conflict: boolean } {
  if (same(mine, base)) return { languages: theirs, conflict: false };
  return { languages: mine, conflict: !same(theirs, base) && !same(theirs, mine) };
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

/** The style and languages a draft starts with: the stored draft's (merged onto a newer version). */
export function restoreDraft(
  persisted: Persisted | null,
  settings: ProjectSettings,
): { style: StyleObject; languages: readonly string[]; restored: boolean } {
  const { style, displayLanguages } = settings.settings;
  if (!persisted) return { style, languages: displayLanguages, restored: false };
  if (persisted.versionId === settings.versionId)
    return { style: persisted.style, languages: persisted.languages, restored: true };
  return {
    style: mergeStyles(persisted.baseStyle, persisted.style, style).style,
    languages: mergeLanguages(persisted.baseLanguages, persisted.languages, displayLanguages)
      .languages,
    restored: true,
  };
}

type Draft = StyleDraftState & StyleDraftActions;

/** A store for one project; a stored draft is restored (merged when it was made on an older version). */
export function createStyleDraft(projectId: string, settings: ProjectSettings): StyleDraftStore {
  const start = restoreDraft(readPersisted(projectId), settings);
  const store = createStore<Draft>()((set, get) => ({
    base: settings,
    ...start,
    past: [],
    future: [],
    invalid: new Set<string>(),
    ...editActions(set, get),
    ...baseActions(set, get),
  }));
  store.subscribe((state) => writePersisted(projectId, state, isDirty(state)));
  return store;
}

type SetState = StoreApi<Draft>['setState'];
type GetState = StoreApi<Draft>['getState'];

/** Edits and their history: set, markInvalid, replace, undo, redo, applied. */
function editActions(set: SetState, get: GetState) {
  // Typing a number or dragging a colour picker is one undo step per field per second.
  let last: { path: string; at: number } | null = null;
  const snap = (): StyleSnapshot => ({ style: get().style, languages: get().languages });
  const change = (next: StyleSnapshot, path?: string) => {
    const now = snap();
    const { past } = get();
    if (same(now, next)) return;
    const at = Date.now();
    const coalesce = path !== undefined && last?.path === path && at - last.at < COALESCE_MS;
    last = path === undefined ? null : { path, at };
    if (coalesce && past.length) set({ ...next, future: [] });
    else set({ ...next, past: [...past, now].slice(-MAX_HISTORY), future: [] });
  };
  return {
    set: (path: string, value: unknown) =>
      path === DISPLAY_LANGUAGES
        ? change({ style: get().style, languages: value as readonly string[] }, path)
        : change({ style: setAt(get().style, path, value), languages: get().languages }, path),
    markInvalid: (path: string, bad: boolean) => {
      const invalid = get().invalid;
      if (invalid.has(path) === bad) return;
      const next = new Set(invalid);
      if (bad) next.add(path);
      else next.delete(path);
      set({ invalid: next });
    },
    replace: (next: StyleObject, nextLanguages?: readonly string[]) =>
      change({ style: next, languages: nextLanguages ?? get().languages }),
    undo: () => {
      last = null;
      const { past, future } = get();
      const prev = past[past.length - 1];
      if (!prev) return;
      set({ ...prev, past: past.slice(0, -1), future: [snap(), ...future] });
    },
    redo: () => {
      const { past, future } = get();
      const next = future[0];
      if (!next) return;
      set({ ...next, past: [...past, snap()], future: future.slice(1) });
    },
    applied: (stored: ProjectSettings) => {
      last = null;
      set({
        base: stored,
        style: stored.settings.style,
        past: [...get().past, snap()].slice(-MAX_HISTORY),
        future: [],
      });
    },
  } satisfies Partial<StyleDraftActions>;
}

/** A new base from the service: saved, reset (reload theirs), rebaseClean. */
function baseActions(set: SetState, get: GetState) {
  return {
    saved: (stored: ProjectSettings, sent: StyleSnapshot) =>
      set({
        base: stored,
        style: get().style === sent.style ? stored.settings.style : get().style,
        languages:
          get().languages === sent.languages ? stored.settings.displayLanguages : get().languages,
      }),
    reset: (fresh: ProjectSettings) =>
      set({
        base: fresh,
        style: fresh.settings.style,
        languages: fresh.settings.displayLanguages,
        past: [],
        future: [],
        restored: false,
        invalid: new Set(),
      }),
    rebaseClean: (fresh: ProjectSettings) => {
      if (!isDirty(get()))
        set({
          base: fresh,
          style: fresh.settings.style,
          languages: fresh.settings.displayLanguages,
        });
    },
  } satisfies Partial<StyleDraftActions>;
}
