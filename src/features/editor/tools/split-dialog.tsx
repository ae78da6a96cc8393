import { useState } from 'react';
import type { AlignmentItem } from '../../../contract';
import type { SplitInto } from '../../../timing';
import { formatTime } from '../panels/time-format';
import { RadioChoice, ToolDialog, ToolField, useToolField } from './tool-dialog';
import { initialSplit, proportionalSplitTime, splitLetterProblem } from './tool-input';

interface Props {
  /** The word to split (null: closed). */
  item: AlignmentItem | null;
  playhead: number;
  onClose: () => void;
  onSplit: (at: number, into: SplitInto, time: number | undefined) => string | null;
}

/**
 * "Split word": after which letter, into two words or two sub-words of one word, and where in
 * time (at the playhead when it is inside the word, else in proportion to the letters).
 */
export function SplitDialog({ item, playhead, onClose, onSplit }: Props) {
  return (
    <ToolDialogBody
      key={item ? `${item.line}/${item.word}/${item.subword}` : 'closed'}
      {...{ item, playhead, onClose, onSplit }}
    />
  );
}

function ToolDialogBody({ item, playhead, onClose, onSplit }: Props) {
  const start = item ? initialSplit(item, playhead) : { at: 1, time: undefined };
  const letters = useToolField(String(start.at));
  const [into, setInto] = useState<SplitInto>('words');
  const [atPlayhead, setAtPlayhead] = useState(start.time !== undefined);
  const text = item?.text ?? '';
  const at = Number(letters.value);
  const valid = splitLetterProblem(text, at) === null;
  const proportional = item ? proportionalSplitTime(item, valid ? at : 0) : 0;
  const confirm = () => {
    if (!item) return true;
    const problem =
      splitLetterProblem(text, at) ??
      onSplit(at, into, atPlayhead && start.time !== undefined ? start.time : undefined);
    letters.setError(problem);
    return problem === null;
  };
  return (
    <ToolDialog
      title={`Split “${text}”`}
      confirm="Split"
      open={item !== null}
      onClose={onClose}
      onConfirm={confirm}
    >
      <ToolField
        label="Split after letter"
        {...letters.field}
        inputMode="numeric"
        autoFocus
        hint={
          valid
            ? `${text.slice(0, at)} | ${text.slice(at)}`
            : `1 to ${Math.max(1, text.length - 1)}`
        }
      />
      <RadioChoice
        legend="Make the second part"
        value={into}
        onChange={setInto}
        options={[
          { value: 'words', label: 'A word of its own (two words)' },
          { value: 'subwords', label: 'A sub-word of the same word (sung as one word)' },
        ]}
      />
      <RadioChoice
        legend="Split time"
        value={atPlayhead && start.time !== undefined ? 'playhead' : 'letters'}
        onChange={(v) => setAtPlayhead(v === 'playhead')}
        options={[
          {
            value: 'playhead',
            label: `At the playhead${start.time === undefined ? ' (not inside the word)' : ` (${formatTime(start.time)})`}`,
            disabled: start.time === undefined,
          },
          {
            value: 'letters',
            label: `In proportion to the letters (${formatTime(proportional)})`,
          },
        ]}
      />
    </ToolDialog>
  );
}
