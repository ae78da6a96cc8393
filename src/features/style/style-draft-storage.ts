import type { StyleObject } from '../../contract';
import type { StyleDraftState } from './style-draft-state';

/*
 * Unsaved style work in localStorage (`kts.style-draft.<projectId>`), with the version and the
 * style and languages it was made on, so it can be merged onto a newer version when restored.
 */

const KEY_PREFIX = 'kts.style-draft.';

export interface Persisted {
  versionId: string;
  baseStyle: StyleObject;
  style: StyleObject;
  baseLanguages: readonly string[];
  languages: readonly string[];
}

export function readPersisted(projectId: string): Persisted | null {
  try {
    const text = localStorage.getItem(KEY_PREFIX + projectId);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<Persisted>;
    if (typeof value.versionId !== 'string' || !value.style || typeof value.style !== 'object')
      return null;
    const list = (v: unknown): string[] | null =>
      Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
    const languages = list(value.languages);
    return {
      versionId: value.versionId,
      baseStyle: value.baseStyle ?? value.style,
      style: value.style,
      baseLanguages: list(value.baseLanguages) ?? languages ?? [],
      languages: languages ?? list(value.baseLanguages) ?? [],
    };
  } catch {
    return null;
  }
}

export function writePersisted(projectId: string, state: StyleDraftState, dirty: boolean): void {
  try {
    if (dirty) {
      const value: Persisted = {
        versionId: state.base.versionId,
        baseStyle: state.base.settings.style,
        style: state.style,
        baseLanguages: state.base.settings.displayLanguages,
        languages: state.languages,
      };
      localStorage.setItem(KEY_PREFIX + projectId, JSON.stringify(value));
    } else {
      localStorage.removeItem(KEY_PREFIX + projectId);
    }
  } catch {
    // Storage full or blocked: the draft lives on in memory.
  }
}
