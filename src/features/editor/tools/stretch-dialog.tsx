import { formatTime, parseTime } from '../panels/time-format';
import type { ToolScope } from '../store/tool-actions';
import { ScopedDialog, useScopedDialog, type ScopedDialogProps } from './scoped-dialog';
import { ToolField, useToolField } from './tool-dialog';
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
  const start = useToolField(formatTime(info[props.initialScope].start));
  const end = useToolField(formatTime(info[props.initialScope].end));
  // Another scope: the fields start again at its span.
  const changeScope = (next: ToolScope) => {
    frame.onScopeChange(next);
    start.set(formatTime(info[next].start));
    end.set(formatTime(info[next].end));
  };
  const confirm = () => {
    const s = parseTime(start.value, { duration });
    const e = parseTime(end.value, { duration });
    const problems = { start: s.ok ? null : s.error, end: e.ok ? null : e.error };
    if (s.ok && e.ok) problems.end = stretchProblem(s.value, e.value);
    if (!problems.start && !problems.end && s.ok && e.ok) {
      problems.end = onStretch(s.value, e.value, scope);
    }
    start.setError(problems.start);
    end.setError(problems.end);
    return !problems.start && !problems.end;
  };
  return (
    <ScopedDialog
      {...frame}
      onScopeChange={changeScope}
      title="Stretch selection"
      confirm="Stretch"
      onConfirm={confirm}
    >
      <ToolField label="New start" {...start.field} autoFocus hint="Seconds (12.5) or m:ss.mmm" />
      <ToolField
        label="New end"
        {...end.field}
        hint="The words keep their proportions between the two"
      />
    </ScopedDialog>
  );
}
