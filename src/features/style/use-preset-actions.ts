import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  presetsQuery,
  SettingsConflictError,
  useApiClient,
  useApplyPreset,
  useCreatePreset,
  useReplacePreset,
} from '../../api';
import type { StyleDraftStore } from './style-draft';
import { basePresetName, resetNotice } from './studio-logic';
import type { Say } from './use-style-save';

/**
 * The style editor's preset actions: apply one (the service stores it; Undo brings the old look
 * back), reset to the base preset, update it with this style, save this style as a new one.
 */
export function usePresetActions(
  projectId: string,
  store: StyleDraftStore,
  say: Say,
  onConflict: () => Promise<void>,
) {
  const presets = useQuery(presetsQuery(useApiClient()));
  const apply = useApplyPreset(projectId);
  const create = useCreatePreset();
  const replace = useReplacePreset();
  const presetId = store.getState().base.presetId;
  const presetName = basePresetName(presets.data, presetId);

  const applyPreset = async (id: string) => {
    const preset = presets.data?.find((p) => p.id === id);
    if (!preset) return;
    say.error(null);
    try {
      const stored = await apply.mutateAsync({
        presetId: preset.id,
        expectedVersionId: store.getState().base.versionId,
      });
      store.getState().applied(stored);
      say.notice(`Applied the preset “${preset.name}”. Undo brings your previous style back.`);
    } catch (e) {
      if (e instanceof SettingsConflictError) await onConflict();
      else say.error(e);
    }
  };

  const resetToPreset = () => {
    store.getState().replace(store.getState().base.preset);
    say.notice(resetNotice(presetName));
  };

  const updatePreset = async () => {
    const id = store.getState().base.presetId;
    if (!id) return;
    say.error(null);
    try {
      await replace.mutateAsync({ presetId: id, preset: store.getState().style });
      say.notice(`The preset “${presetName}” now has this style.`);
    } catch (e) {
      say.error(e);
    }
  };

  /** Resolves null when saved, else the problem to show at the name field. */
  const saveAsPreset = async (name: string, isDefault: boolean): Promise<string | null> => {
    try {
      const made = await create.mutateAsync({ name, preset: store.getState().style, isDefault });
      say.notice(`Saved the preset “${made.name}”.`);
      return null;
    } catch (e) {
      return e instanceof ApiError ? (e.fieldErrors[0]?.message ?? e.message) : String(e);
    }
  };

  return {
    presets: presets.data ?? [],
    presetId,
    presetName,
    applyPreset,
    applying: apply.isPending,
    resetToPreset,
    updatePreset,
    updating: replace.isPending,
    saveAsPreset,
    creating: create.isPending,
  };
}
