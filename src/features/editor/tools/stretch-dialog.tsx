import { useState } from 'react';
import { formatTime, parseTime } from '../panels/time-format';
import type { ToolScope } from '../store/tool-actions';
import { ScopedDialog, useScopedDialog, type ScopedDialogProps } from './scoped-dialog';
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

function Body(props: Props) {
  const { duration, onStretch } = props;
  const { info, scope, frame } = useScopedDialog(props);
  const [start, setStart] = useState(formatTime(info[props.initialScope].start));
  const [end, setEnd] = useState(formatTime(info[props.initialScope].end));
  const [errors, setErrors] = useState<{ start: string | null; end: string | null }>({
    start: null,
    end: null,
  });
  // Another scope: the fields start again at its span.
  const changeScope = (next: ToolScope) => {
    frame.onScopeChange(next);
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
      {...frame}
      onScopeChange={changeScope}
      title="Stretch selection"
      confirm="Stretch"
      onConfirm={confirm}
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
