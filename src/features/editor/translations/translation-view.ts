import { useCallback, useEffect, useMemo, useState } from 'react';
import { canonicalLanguageTag } from '../../../contract';
import { translationLanguages, wordLevelLanguages, type TimingDoc } from '../../../timing';
import { useEditor, type EditorStore } from '../store';

/**
 * Which translation languages the editor shows and how (ADR 0017). The languages are those the
 * items carry, those the project shows (`settings.displayLanguages`) and those added here and not
 * typed yet; per language: shown or hidden, and line or word level (a reading per word, for
 * romanizing CJK lyrics). Kept per project in this browser (localStorage).
 */
export interface TranslationPrefs {
  added: string[];
  hidden: string[];
  modes: Record<string, 'line' | 'words'>;
}

export interface TranslationView {
  /** Every language, sorted. */
  all: readonly string[];
  /** Shown as a row under each line. */
  lineLangs: readonly string[];
  /** Shown as a reading field per word. */
  wordLangs: readonly string[];
  hidden: ReadonlySet<string>;
  mode(lang: string): 'line' | 'words';
  /**
   * What the preview and the video show: the project's `displayLanguages`, or, when it names
   * none ("All", as the settings page says), every language the items carry.
   */
  previewLangs: readonly string[];
  toggle(lang: string): void;
  setMode(lang: string, mode: 'line' | 'words'): void;
  /** Null when added, else why not (for the field). */
  add(input: string): string | null;
  rename(from: string, input: string): string | null;
  remove(lang: string): void;
}

const EMPTY: TranslationPrefs = { added: [], hidden: [], modes: {} };
const keyFor = (projectId: string) => `kts.editor.translations.v1:${projectId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadPrefs(projectId: string, store = storage()): TranslationPrefs {
  try {
    const raw = JSON.parse(store?.getItem(keyFor(projectId)) ?? '{}') as Partial<TranslationPrefs>;
    const strings = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    const modes: TranslationPrefs['modes'] = {};
    if (raw.modes && typeof raw.modes === 'object')
      for (const [k, m] of Object.entries(raw.modes))
        if (m === 'line' || m === 'words') modes[k] = m;
    return { added: strings(raw.added), hidden: strings(raw.hidden), modes };
  } catch {
    return EMPTY;
  }
}

function savePrefs(projectId: string, prefs: TranslationPrefs, store = storage()): void {
  try {
    store?.setItem(keyFor(projectId), JSON.stringify(prefs));
  } catch {
    // Full or blocked storage: the view lasts for this page only.
  }
}

const BAD_KEY = 'Not a language tag: use a BCP 47 tag such as en, pt-BR or ja-Latn (romanization)';

export function useTranslationView(
  store: EditorStore,
  projectId: string,
  projectLangs: readonly string[],
): TranslationView {
  const doc = useEditor((s) => s.doc);
  const docLangs = translationLanguages(doc);
  const [prefs, setPrefsState] = useState(() => loadPrefs(projectId));
  const setPrefs = useCallback(
    (next: TranslationPrefs) => {
      setPrefsState(next);
      savePrefs(projectId, next);
    },
    [projectId],
  );
  // Word-level languages found in the items: looked for when the set of languages changes.
  const detected = useMemo(
    () => (docLangs.length ? wordLevelLanguages(store.getState().doc) : new Set<string>()),
    [docLangs, store],
  );
  const all = useMemo(
    () => [...new Set([...docLangs, ...projectLangs, ...prefs.added])].sort(),
    [docLangs, projectLangs, prefs.added],
  );
  const hidden = useMemo(() => new Set(prefs.hidden), [prefs.hidden]);
  const mode = useCallback(
    (lang: string) => prefs.modes[lang] ?? (detected.has(lang) ? 'words' : 'line'),
    [prefs.modes, detected],
  );
  const shown = all.filter((l) => !hidden.has(l));
  const previewLangs = projectLangs.length ? projectLangs : docLangs;
  const lineLangs = useStable(shown.filter((l) => mode(l) === 'line'));
  const wordLangs = useStable(shown.filter((l) => mode(l) === 'words'));

  // The validation warns about lines missing a language the project shows.
  useEffect(() => {
    store.getState().actions.setShownLanguages(previewLangs);
  }, [store, previewLangs]);

  const without = (list: readonly string[], lang: string) => list.filter((l) => l !== lang);
  return {
    all,
    lineLangs,
    wordLangs,
    hidden,
    mode,
    previewLangs,
    toggle: (lang) =>
      setPrefs({
        ...prefs,
        hidden: hidden.has(lang) ? without(prefs.hidden, lang) : [...prefs.hidden, lang],
      }),
    setMode: (lang, m) => setPrefs({ ...prefs, modes: { ...prefs.modes, [lang]: m } }),
    add(input) {
      const lang = canonicalLanguageTag(input);
      if (!lang) return BAD_KEY;
      if (all.includes(lang)) return `${lang} is already there`;
      setPrefs({ ...prefs, added: [...prefs.added, lang], hidden: without(prefs.hidden, lang) });
      return null;
    },
    rename(from, input) {
      const to = canonicalLanguageTag(input);
      if (!to) return BAD_KEY;
      if (to === from) return null;
      if (all.includes(to)) return `${to} is already there`;
      if (hasLanguage(store.getState().doc, from))
        store.getState().actions.renameLanguage(from, to);
      const { [from]: m, ...modes } = prefs.modes;
      setPrefs({
        added: prefs.added.includes(from) ? [...without(prefs.added, from), to] : prefs.added,
        hidden: without(prefs.hidden, from),
        modes: m ? { ...modes, [to]: m } : modes,
      });
      return null;
    },
    remove(lang) {
      if (hasLanguage(store.getState().doc, lang))
        store.getState().actions.renameLanguage(lang, null);
      const { [lang]: _m, ...modes } = prefs.modes;
      setPrefs({ ...prefs, added: without(prefs.added, lang), modes });
    },
  };
}

const hasLanguage = (doc: TimingDoc, lang: string) => translationLanguages(doc).includes(lang);

/** The same array while its content is the same (memoised rows and layout depend on it). */
function useStable(list: string[]): readonly string[] {
  const [held, setHeld] = useState(list);
  const same = held.length === list.length && held.every((x, i) => x === list[i]);
  if (!same) setHeld(list);
  return same ? held : list;
}
