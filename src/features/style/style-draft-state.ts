import type { ProjectSettings, StyleObject } from '../../contract';

/** One state of the draft: the style and the languages shown under the lines. */
export interface StyleSnapshot {
  readonly style: StyleObject;
  readonly languages: readonly string[];
}

export interface StyleDraftState {
  readonly base: ProjectSettings;
  readonly style: StyleObject;
  /** The project's `displayLanguages` being edited (empty: every language the items carry). */
  readonly languages: readonly string[];
  readonly past: readonly StyleSnapshot[];
  readonly future: readonly StyleSnapshot[];
  /** The draft was restored from storage on open. */
  readonly restored: boolean;
  /** Fields whose typed text is not a valid value (kept in the field, not in the style). */
  readonly invalid: ReadonlySet<string>;
}
