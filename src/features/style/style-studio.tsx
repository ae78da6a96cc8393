import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  ApiError,
  presetsQuery,
  SettingsConflictError,
  useApiClient,
  useApplyPreset,
  useCreatePreset,
  useReplacePreset,
  useReplaceSettings,
} from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { ModalDialog } from '../../components/modal-dialog';
import { displayLanguagesProblems, styleProblems, type ProjectSettings } from '../../contract';
import { isDirty, mergeLanguages, mergeStyles, type StyleDraftStore } from './style-draft';
import { StyleForm } from './style-form';
import type { OverflowIssue } from './overflow';

interface Props {
  projectId: string;
  store: StyleDraftStore;
  singers: readonly number[];
  /** Languages the project's alignment carries (the Translations group offers them). */
  carried?: readonly string[];
  overflow: readonly OverflowIssue[];
  /** The live preview beside the controls; `save` stores the draft first (false when it could not). */
  preview: (tools: { save: () => Promise<boolean>; dirty: boolean }) => ReactNode;
  groups?: readonly string[];
  /** Inside the editor: no page-wide shortcuts (the editor has its own Ctrl+S and Ctrl+Z). */
  compact?: boolean;
}

type Conflict = { fresh: ProjectSettings } | null;

/** Moves focus to a style field by its path (from a problem's "Go to field" button). */
export function focusField(path: string) {
  const el = document.querySelector<HTMLElement>(
    `[data-path="${CSS.escape(path)}"] input:not([type='color']), [data-path="${CSS.escape(path)}"] select`,
  );
  el?.focus();
  el?.scrollIntoView({ block: 'center' });
}

/**
 * The style editor: toolbar (save, undo, redo, presets), the problems that would stop or spoil a
 * render, the preview and the grouped controls. Keys: Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes,
 * Ctrl/Cmd+Shift+Z or Ctrl+Y redoes (in a text field Z and Y stay the field's own).
 */
export function StyleStudio({
  projectId,
  store,
  singers,
  carried,
  overflow,
  preview,
  groups,
  compact = false,
}: Props) {
  const client = useApiClient();
  const state = useStore(store);
  const presets = useQuery(presetsQuery(client));
  const replace = useReplaceSettings(projectId);
  const apply = useApplyPreset(projectId);
  const createPreset = useCreatePreset();
  const replacePreset = useReplacePreset();
  const [conflict, setConflict] = useState<Conflict>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(
    state.restored && isDirty(state) ? 'Your unsaved style changes were restored.' : null,
  );
  const [serverProblems, setServerProblems] = useState<Map<string, string>>(new Map());
  const [savingAs, setSavingAs] = useState(false);
  const [chosenPreset, setChosenPreset] = useState('');

  const dirty = isDirty(state);
  const styleFieldProblems = useMemo(() => styleProblems(state.style), [state.style]);
  const fieldProblems = new Set([...styleFieldProblems.map((p) => p.path), ...state.invalid]);
  const problems = useMemo(() => {
    const map = new Map(serverProblems);
    for (const issue of overflow) if (!map.has(issue.path)) map.set(issue.path, issue.message);
    return map;
  }, [serverProblems, overflow]);
  const presetName =
    presets.data?.find((p) => p.id === state.base.presetId)?.name ??
    (state.base.presetId ? '…' : null);

  const save = useCallback(async (): Promise<boolean> => {
    const now = store.getState();
    if (
      styleProblems(now.style).length ||
      displayLanguagesProblems(now.languages).length ||
      now.invalid.size
    ) {
      setNotice('Fix the fields marked in red before saving.');
      return false;
    }
    if (!isDirty(now)) return true;
    const sent = { style: now.style, languages: now.languages };
    setError(null);
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
      setServerProblems(new Map());
      setNotice('Style saved.');
      return true;
    } catch (e) {
      if (e instanceof SettingsConflictError) {
        const fresh = await client.request('getProjectSettings', { params: { projectId } });
        setConflict({ fresh });
      } else if (e instanceof ApiError && e.status === 422) {
        const map = new Map<string, string>();
        for (const f of e.fieldErrors)
          map.set(f.path.replace(/^settings\.(style\.)?/, ''), f.message);
        setServerProblems(map);
        setNotice('The service refused some values: they are marked at their fields.');
      } else setError(e);
      return false;
    }
  }, [client, projectId, replace, store]);

  const resolve = async (how: 'merge' | 'reload') => {
    if (!conflict) return;
    const { fresh } = conflict;
    setConflict(null);
    if (how === 'reload') {
      store.getState().reset(fresh);
      setNotice('Loaded the settings saved elsewhere; your changes were dropped.');
      return;
    }
    const now = store.getState();
    const merged = mergeStyles(now.base.settings.style, now.style, fresh.settings.style);
    const langs = mergeLanguages(
      now.base.settings.displayLanguages,
      now.languages,
      fresh.settings.displayLanguages,
    );
    const conflicts = merged.conflicts.length + (langs.conflict ? 1 : 0);
    store.getState().reset(fresh);
    store.getState().replace(merged.style, langs.languages);
    setNotice(
      conflicts
        ? `Merged. Where both changed the same field, yours was kept (${conflicts} field${conflicts > 1 ? 's' : ''}). Saving…`
        : 'Merged your changes onto the newer settings. Saving…',
    );
    await save();
  };

  const applyPreset = async () => {
    const preset = presets.data?.find((p) => p.id === chosenPreset);
    if (!preset) return;
    setError(null);
    try {
      const stored = await apply.mutateAsync({
        presetId: preset.id,
        expectedVersionId: store.getState().base.versionId,
      });
      store.getState().applied(stored);
      setNotice(`Applied the preset “${preset.name}”. Undo brings your previous style back.`);
    } catch (e) {
      if (e instanceof SettingsConflictError) {
        const fresh = await client.request('getProjectSettings', { params: { projectId } });
        setConflict({ fresh });
      } else setError(e);
    }
  };

  const resetToPreset = () => {
    store.getState().replace(store.getState().base.preset);
    setNotice(
      `Reset to ${presetName ? `the preset “${presetName}”` : 'the standard style'}: save to keep it, or undo.`,
    );
  };

  const updatePreset = async () => {
    const id = store.getState().base.presetId;
    if (!id) return;
    setError(null);
    try {
      await replacePreset.mutateAsync({ presetId: id, preset: store.getState().style });
      setNotice(`The preset “${presetName}” now has this style.`);
    } catch (e) {
      setError(e);
    }
  };

  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (compact) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const key = e.key.toLowerCase();
      const target = e.target as HTMLElement | null;
      const typing =
        target instanceof HTMLInputElement &&
        !['checkbox', 'color', 'radio', 'range'].includes(target.type);
      if (key === 's') {
        e.preventDefault();
        void save();
      } else if (!typing && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) store.getState().redo();
        else store.getState().undo();
      } else if (!typing && key === 'y') {
        e.preventDefault();
        store.getState().redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compact, save, store]);

  // In the editor the timing has its own "All changes saved": the style's says "Style …".
  const status = replace.isPending
    ? 'Saving the style…'
    : fieldProblems.size
      ? `${fieldProblems.size} style field${fieldProblems.size > 1 ? 's need' : ' needs'} fixing`
      : dirty
        ? compact
          ? 'Style not saved yet'
          : 'Unsaved changes'
        : compact
          ? 'Style saved'
          : 'All changes saved';

  return (
    <div className="style-studio" ref={rootRef}>
      <div className="style-toolbar" role="toolbar" aria-label="Style">
        <button
          type="button"
          className="primary"
          onClick={() => void save()}
          disabled={replace.isPending || !dirty}
          aria-keyshortcuts={compact ? undefined : 'Control+S'}
        >
          Save style
        </button>
        <button
          type="button"
          onClick={() => state.undo()}
          disabled={state.past.length === 0}
          aria-keyshortcuts={compact ? undefined : 'Control+Z'}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={() => state.redo()}
          disabled={state.future.length === 0}
          aria-keyshortcuts={compact ? undefined : 'Control+Shift+Z'}
        >
          Redo
        </button>
        <span className="save-state" role="status">
          {status}
        </span>
      </div>
      <div className="preset-bar">
        <span>
          Based on preset: <strong>{presetName ?? 'none (the standard style)'}</strong>
        </span>
        <button type="button" onClick={resetToPreset}>
          Reset to preset
        </button>
        {state.base.presetId && (
          <button
            type="button"
            onClick={() => void updatePreset()}
            disabled={replacePreset.isPending}
          >
            Update preset with this style
          </button>
        )}
        <label className="inline-label" htmlFor={`${projectId}-apply`}>
          Preset to apply
        </label>
        <select
          id={`${projectId}-apply`}
          value={chosenPreset}
          onChange={(e) => setChosenPreset(e.target.value)}
        >
          <option value="">Choose a preset…</option>
          {presets.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.isDefault ? ' (default)' : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => void applyPreset()}
          disabled={!chosenPreset || apply.isPending}
        >
          Apply preset
        </button>
        <button type="button" onClick={() => setSavingAs(true)}>
          Save as preset…
        </button>
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error !== null && <ErrorNotice error={error} action="That did not work" />}
      {overflow.length > 0 && (
        <div
          className="notice notice-warn style-overflow"
          role="region"
          aria-label="Before you render"
        >
          <strong>Before you render: lines would not fit the frame</strong>
          <ul>
            {overflow.map((issue) => (
              <li key={issue.path + issue.message}>
                {issue.message}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => focusField(issue.path)}
                >
                  Go to the field
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={compact ? 'style-body-compact' : 'style-body'}>
        {!compact && <div className="style-preview-pane">{preview({ save, dirty })}</div>}
        <StyleForm
          store={store}
          singers={singers}
          carried={carried}
          problems={problems}
          groups={groups}
        />
      </div>
      <ConflictDialog
        open={conflict !== null}
        onMerge={() => void resolve('merge')}
        onReload={() => void resolve('reload')}
        onCancel={() => setConflict(null)}
      />
      <SaveAsPresetDialog
        open={savingAs}
        busy={createPreset.isPending}
        onCancel={() => setSavingAs(false)}
        onSave={async (name, isDefault) => {
          try {
            const made = await createPreset.mutateAsync({
              name,
              preset: store.getState().style,
              isDefault,
            });
            setSavingAs(false);
            setNotice(`Saved the preset “${made.name}”.`);
            return null;
          } catch (e) {
            return e instanceof ApiError ? (e.fieldErrors[0]?.message ?? e.message) : String(e);
          }
        }}
      />
    </div>
  );
}

function ConflictDialog({
  open,
  onMerge,
  onReload,
  onCancel,
}: {
  open: boolean;
  onMerge: () => void;
  onReload: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onCancel} title="These settings were changed elsewhere">
      <p>
        Someone (or another tab) saved this project&apos;s style after you started. Merge keeps
        their changes and lays yours on top (where you both changed a field, yours wins); Reload
        drops your changes and shows theirs.
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Not now
        </button>
        <button type="button" onClick={onReload}>
          Reload theirs
        </button>
        <button type="button" className="primary" onClick={onMerge}>
          Merge my changes
        </button>
      </div>
    </ModalDialog>
  );
}

function SaveAsPresetDialog({
  open,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onSave: (name: string, isDefault: boolean) => Promise<string | null>;
  onCancel: () => void;
}) {
  return (
    // Content mounted while open: every opening starts with an empty form.
    <ModalDialog open={open} onClose={onCancel} title="Save this style as a preset" fresh>
      <SaveAsPresetForm busy={busy} onSave={onSave} onCancel={onCancel} />
    </ModalDialog>
  );
}

function SaveAsPresetForm({
  busy,
  onSave,
  onCancel,
}: {
  busy: boolean;
  onSave: (name: string, isDefault: boolean) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) {
          setProblem('Give the preset a name.');
          return;
        }
        void onSave(name.trim(), isDefault).then(setProblem);
      }}
    >
      <label htmlFor="preset-name">Preset name</label>
      <input
        id="preset-name"
        type="text"
        value={name}
        maxLength={200}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'preset-name-problem' : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <span id="preset-name-problem" className="field-problem" role="alert">
          {problem}
        </span>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isDefault}
          onChange={(e) => setIsDefault(e.target.checked)}
        />
        New projects start from this preset
      </label>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save preset'}
        </button>
      </div>
    </form>
  );
}
