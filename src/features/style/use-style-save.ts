import { useCallback, useState } from 'react';
import { ApiError, SettingsConflictError, useApiClient, useReplaceSettings } from '../../api';
import { displayLanguagesProblems, styleProblems, type ProjectSettings } from '../../contract';
import { isDirty, mergeLanguages, mergeStyles, type StyleDraftStore } from './style-draft';
import { mergeNotice, serviceProblems } from './studio-logic';

/** How the style editor's actions speak: a notice (role status) or an error notice. */
export interface Say {
  notice: (text: string) => void;
  error: (error: unknown) => void;
}

/**
 * Saving the style draft: blocked while a field is invalid; a 422 marks the fields; a 409 loads
 * the settings saved elsewhere and asks (`conflict`): merge mine onto theirs and save, or reload.
 */
export function useStyleSave(projectId: string, store: StyleDraftStore, say: Say) {
  const client = useApiClient();
  const replace = useReplaceSettings(projectId);
  const [conflict, setConflict] = useState<{ fresh: ProjectSettings } | null>(null);
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());

  /** Someone else saved: fetch their settings and ask what to do. */
  const showConflict = useCallback(async () => {
    const fresh = await client.request('getProjectSettings', { params: { projectId } });
    setConflict({ fresh });
  }, [client, projectId]);

  const save = useCallback(async (): Promise<boolean> => {
    const now = store.getState();
    const bad =
      styleProblems(now.style).length ||
      displayLanguagesProblems(now.languages).length ||
      now.invalid.size;
    if (bad) {
      say.notice('Fix the fields marked in red before saving.');
      return false;
    }
    if (!isDirty(now)) return true;
    const sent = { style: now.style, languages: now.languages };
    say.error(null);
    try {
      const stored = await replace.mutateAsync({
        settings: {
          ...now.base.settings,
          style: sent.style,
          displayLanguages: [...sent.languages],
        },
        expectedVersionId: now.base.versionId,
      });
      store.getState().saved(stored, sent);
      setProblems(new Map());
      say.notice('Style saved.');
      return true;
    } catch (e) {
      if (e instanceof SettingsConflictError) await showConflict();
      else if (e instanceof ApiError && e.status === 422) {
        setProblems(serviceProblems(e.fieldErrors));
        say.notice('The service refused some values: they are marked at their fields.');
      } else say.error(e);
      return false;
    }
  }, [replace, say, showConflict, store]);

  const resolve = async (how: 'merge' | 'reload') => {
    if (!conflict) return;
    const { fresh } = conflict;
    setConflict(null);
    if (how === 'reload') {
      store.getState().reset(fresh);
      say.notice('Loaded the settings saved elsewhere; your changes were dropped.');
      return;
    }
    const now = store.getState();
    const merged = mergeStyles(now.base.settings.style, now.style, fresh.settings.style);
    const langs = mergeLanguages(
      now.base.settings.displayLanguages,
      now.languages,
      fresh.settings.displayLanguages,
    );
    store.getState().reset(fresh);
    store.getState().replace(merged.style, langs.languages);
    say.notice(mergeNotice(merged.conflicts.length + (langs.conflict ? 1 : 0)));
    await save();
  };

  return {
    save,
    saving: replace.isPending,
    problems,
    conflict: conflict !== null,
    showConflict,
    resolve,
    dismissConflict: () => setConflict(null),
  };
}
