import { useId, useState } from 'react';
import type { AlignmentItem } from '../../../contract';
import type { SplitInto } from '../../../timing';
import { formatTime } from '../panels/time-format';
import { ToolDialog, ToolField } from './tool-dialog';
import { initialSplit } from './tool-input';

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
  const [letters, setLetters] = useState(String(start.at));
  const [into, setInto] = useState<SplitInto>('words');
  const [atPlayhead, setAtPlayhead] = useState(start.time !== undefined);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const text = item?.text ?? '';
  const at = Number(letters);
  const valid = Number.isInteger(at) && at >= 1 && at < text.length;
  const proportional = item
    ? item.start + ((item.end - item.start) * (valid ? at : 0)) / Math.max(1, text.length)
    : 0;
  const confirm = () => {
    if (!item) return true;
    if (!valid) {
      setError(
        text.length < 2
          ? `“${text}” has one letter: it cannot be split.`
          : `Type a number from 1 to ${text.length - 1}: the letters before the split.`,
      );
      return false;
    }
    const problem = onSplit(
      at,
      into,
      atPlayhead && start.time !== undefined ? start.time : undefined,
    );
    setError(problem);
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
        value={letters}
        inputMode="numeric"
        autoFocus
        onChange={(v) => {
          setLetters(v);
          setError(null);
        }}
        error={error}
        hint={
          valid
            ? `${text.slice(0, at)} | ${text.slice(at)}`
            : `1 to ${Math.max(1, text.length - 1)}`
        }
      />
      <fieldset className="tool-scope">
        <legend>Make the second part</legend>
        <label className="check">
          <input
            type="radio"
            name={`${name}-into`}
            checked={into === 'words'}
            onChange={() => setInto('words')}
          />
          A word of its own (two words)
        </label>
        <label className="check">
          <input
            type="radio"
            name={`${name}-into`}
            checked={into === 'subwords'}
            onChange={() => setInto('subwords')}
          />
          A sub-word of the same word (sung as one word)
        </label>
      </fieldset>
      <fieldset className="tool-scope">
        <legend>Split time</legend>
        <label className="check">
          <input
            type="radio"
            name={`${name}-time`}
            checked={atPlayhead && start.time !== undefined}
            disabled={start.time === undefined}
            onChange={() => setAtPlayhead(true)}
          />
          At the playhead
          {start.time === undefined ? ' (not inside the word)' : ` (${formatTime(start.time)})`}
        </label>
        <label className="check">
          <input
            type="radio"
            name={`${name}-time`}
            checked={!atPlayhead || start.time === undefined}
            onChange={() => setAtPlayhead(false)}
          />
          In proportion to the letters ({formatTime(proportional)})
        </label>
      </fieldset>
    </ToolDialog>
  );
}
