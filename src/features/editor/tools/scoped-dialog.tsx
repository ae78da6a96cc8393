import { useState, type ComponentProps } from 'react';
import type { ToolScope } from '../store/tool-actions';
import { ScopeChoice, ToolDialog } from './tool-dialog';

export interface ScopeInfo {
  /** Words in scope and their span, per scope. */
  words: { count: number; start: number; end: number };
  lines: { count: number; start: number; end: number };
}

/** What the dialogs that act on the selection's words or whole lines (shift, stretch) take. */
export interface ScopedDialogProps {
  open: boolean;
  /** What the selection covers, read once when the dialog opens. */
  getInfo: () => ScopeInfo;
  /** The toolbar's "Whole lines" choice: where the scope starts. */
  initialScope: ToolScope;
  duration: number;
  onClose: () => void;
}

/** A tool dialog whose fields come first and the "Apply to" choice (words or whole lines) last. */
export function ScopedDialog({
  info,
  scope,
  onScopeChange,
  children,
  ...dialog
}: ComponentProps<typeof ToolDialog> & {
  info: ScopeInfo;
  scope: ToolScope;
  onScopeChange: (scope: ToolScope) => void;
}) {
  return (
    <ToolDialog {...dialog}>
      {children}
      <ScopeChoice
        value={scope}
        onChange={onScopeChange}
        words={info.words.count}
        lineWords={info.lines.count}
      />
    </ToolDialog>
  );
}

/**
 * What a scoped dialog's body keeps while open: the selection's cover read once at opening, and
 * the scope chosen in it (starting at the toolbar's); `frame` is what `ScopedDialog` takes of them.
 */
export function useScopedDialog({ open, getInfo, initialScope, onClose }: ScopedDialogProps) {
  const [info] = useState(getInfo);
  const [scope, setScope] = useState<ToolScope>(initialScope);
  const frame = {
    open,
    onClose,
    info,
    scope,
    onScopeChange: setScope,
  };
  return { info, scope, frame };
}
