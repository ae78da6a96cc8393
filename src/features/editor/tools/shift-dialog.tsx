import { formatTime } from '../panels/time-format';
import type { ToolScope } from '../store/tool-actions';
import { ScopedDialog, useScopedDialog, type ScopedDialogProps } from './scoped-dialog';
import { ToolField, useToolField } from './tool-dialog';
import { parseOffset, shiftProblem } from './tool-input';

interface Props extends ScopedDialogProps {
  onShift: (offset: number, scope: ToolScope) => string | null;
}

/** "Shift selection": an offset in seconds (negative: earlier), checked at the field. */
export function ShiftDialog(props: Props) {
  // Mounted only while open: every opening starts empty.
  return props.open ? <Body {...props} /> : null;
}

function Body(props: Props) {
  const { duration, onShift } = props;
  const { info, scope, frame } = useScopedDialog(props);
  const offset = useToolField('');
  const confirm = () => {
    const parsed = parseOffset(offset.value);
    if (!parsed.ok) {
      offset.setError(parsed.error);
      return false;
    }
    const problem =
      shiftProblem(parsed.value, info[scope], duration) ?? onShift(parsed.value, scope);
    offset.setError(problem);
    return problem === null;
  };
  const span = info[scope];
  return (
    <ScopedDialog {...frame} title="Shift selection" confirm="Shift" onConfirm={confirm}>
      <ToolField
        label="Offset in seconds"
        {...offset.field}
        autoFocus
        hint={`Negative moves earlier. Now ${formatTime(span.start)} to ${formatTime(span.end)}.`}
      />
    </ScopedDialog>
  );
}
