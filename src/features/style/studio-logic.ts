import type { ProblemFieldError } from '../../contract';

/** What a page-wide key does in the style editor. */
export type StudioKey = 'save' | 'undo' | 'redo';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Ctrl/Cmd+S saves; Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redoes, except while typing
 * in a text field (where Z and Y stay the field's own).
 */
export function studioKeyAction(e: KeyLike, typing: boolean): StudioKey | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 's') return 'save';
  if (typing) return null;
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y') return 'redo';
  return null;
}

/** The save state beside the toolbar; inside the editor (compact) it names the style. */
export function studioStatus(s: {
  saving: boolean;
  fieldProblems: number;
  dirty: boolean;
  compact: boolean;
}): string {
  if (s.saving) return 'Saving the style…';
  if (s.fieldProblems)
    return `${s.fieldProblems} style field${s.fieldProblems > 1 ? 's need' : ' needs'} fixing`;
  if (s.dirty) return s.compact ? 'Style not saved yet' : 'Unsaved changes';
  return s.compact ? 'Style saved' : 'All changes saved';
}

/** The service's 422 field errors by style path (`settings.style.x` → `x`). */
export function serviceProblems(errors: readonly ProblemFieldError[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const f of errors) map.set(f.path.replace(/^settings\.(style\.)?/, ''), f.message);
  return map;
}

/** The service's problems first, then the overflow check's, by path. */
export function problemsByPath(
  service: ReadonlyMap<string, string>,
  overflow: readonly { path: string; message: string }[],
): Map<string, string> {
  const map = new Map(service);
  for (const issue of overflow) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}

/** What the page says after a merge, before saving it. */
export function mergeNotice(conflicts: number): string {
  return conflicts
    ? `Merged. Where both changed the same field, yours was kept (${conflicts} field${conflicts > 1 ? 's' : ''}). Saving…`
    : 'Merged your changes onto the newer settings. Saving…';
}

/** The name of the preset the settings are based on ('…' while the list loads), or null. */
export function basePresetName(
  presets: readonly { id: string; name: string }[] | undefined,
  presetId: string | null | undefined,
): string | null {
  return presets?.find((p) => p.id === presetId)?.name ?? (presetId ? '…' : null);
}

export function resetNotice(presetName: string | null): string {
  return `Reset to ${presetName ? `the preset “${presetName}”` : 'the standard style'}: save to keep it, or undo.`;
}
