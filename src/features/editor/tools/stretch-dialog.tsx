import { useState } from 'react';
import { formatTime, parseTime } from '../panels/time-format';
import type { ToolScope } from '../store/tool-actions';
import { ScopedDialog, type ScopedDialogProps } from './scoped-dialog';
import { ToolField } from './tool-dialog';
import { stretchProblem } from './tool-input';

interface Props extends ScopedDialogProps {
  onStretch: (start: number, end: number, scope: ToolScope) => string | null;
}

/** "Stretch selection": the new start and end of the words; they keep their proportions. */
export function StretchDialog(props: Props) {
  // Remounted on every opening: the fields start at the selection's span.
  return props.open ? <Body {...props} /> : null;
}

function Body({ open, getInfo, initialScope, duration, onClose, onStretch }: Props) {
  const [info] = useState(getInfo);
  const [scope, setScope] = useState<ToolScope>(initialScope);
  const [start, setStart] = useState(formatTime(info[initialScope].start));
  const [end, setEnd] = useState(formatTime(info[initialScope].end));
  const [errors, setErrors] = useState<{ start: string | null; end: string | null }>({
    start: null,
    end: null,
  });
  const changeScope = (next: ToolScope) => {
    setScope(next);
    setStart(formatTime(info[next].start));
    setEnd(formatTime(info[next].end));
    setErrors({ start: null, end: null });
  };
  const confirm = () => {
    const s = parseTime(start, { duration });
    const e = parseTime(end, { duration });
    const next = { start: s.ok ? null : s.error, end: e.ok ? null : e.error };
    if (s.ok && e.ok) next.end = stretchProblem(s.value, e.value);
    if (!next.start && !next.end && s.ok && e.ok) next.end = onStretch(s.value, e.value, scope);
    setErrors(next);
    return !next.start && !next.end;
  };
  return (
    <ScopedDialog
      title="Stretch selection"
      confirm="Stretch"
      open={open}
      onClose={onClose}
      onConfirm={confirm}
      info={info}
      scope={scope}
      onScopeChange={changeScope}
    >
      <ToolField
        label="New start"
        value={start}
        autoFocus
        onChange={(v) => {
          setStart(v);
          setErrors((x) => ({ ...x, start: null }));
        }}
        error={errors.start}
        hint="Seconds (12.5) or m:ss.mmm"
      />
      <ToolField
        label="New end"
        value={end}
        onChange={(v) => {
          setEnd(v);
          setErrors((x) => ({ ...x, end: null }));
        }}
        error={errors.end}
        hint="The words keep their proportions between the two"
      />
    </ScopedDialog>
  );
}
