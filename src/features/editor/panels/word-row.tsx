import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import type { AlignmentItem } from '../../../contract';
import { useReviewMarks } from '../review/review-context';
import { keyOf, useEditor } from '../store';
import { CommitField } from './commit-field';
import type { RowProblem } from './issue-text';
import { useLiveTimes, type LivePreviewSource } from './live-preview';
import { edgeAfter, formatTime, parseTime } from './time-format';
import { listItemProps } from './row-fields';

export interface RowHandlers {
  onRowClick(row: number, event: MouseEvent | KeyboardEvent): void;
  onRowKeyDown(row: number, event: KeyboardEvent<HTMLDivElement>): void;
  /** A field of the row got focus: the row becomes the list's active row and its word selected. */
  onFieldFocus(row: number, key: string | null): void;
}

export interface WordRowProps extends RowHandlers {
  row: number;
  item: AlignmentItem;
  estimated: boolean;
  problem: RowProblem | undefined;
  active: boolean;
  style: CSSProperties;
  setSize: number;
  /** A drag in progress on the timeline: the row shows the dragged times live. */
  preview?: LivePreviewSource;
  /** Word-level languages: a reading field each, on a word's first sub-word (ADR 0017). */
  readings?: readonly string[];
  /** False for a word's later sub-words: their reading cells stay empty (on the first). */
  firstOfWord?: boolean;
}

const parseText = (text: string) =>
  text.trim() === ''
    ? ({ ok: false, error: 'A word needs text (delete the word instead)' } as const)
    : ({ ok: true, value: text.trim() } as const);

const keepReading = (text: string) => ({ ok: true, value: text.trim() }) as const;

export function WordRow({
  row,
  item,
  estimated,
  problem,
  active,
  style,
  setSize,
  preview,
  readings,
  firstOfWord = true,
  ...on
}: WordRowProps) {
  const key = keyOf(item);
  const times = useLiveTimes(preview, key, item.start, item.end);
  const selected = useEditor((s) => s.selection.has(key));
  const marks = useReviewMarks();
  const uncertain = useEditor((s) => marks.uncertainOf(s.doc).has(key));
  const confidence = uncertain ? marks.confidenceOf(key) : undefined;
  const unsure = `The sync is unsure of this word${
    confidence === undefined ? '' : ` (confidence ${Math.round(confidence * 100)}%)`
  }`;
  const duration = useEditor((s) => s.doc.duration);
  const actions = useEditor((s) => s.actions);
  const name = item.text.trim() || 'empty word';
  const parse = (text: string) => parseTime(text, { duration });
  // An edge typed past the other one is refused at the field (kept as typed), never clamped.
  const parseStart = (text: string) => edgeAfter(parse(text), 'start', item.end);
  const parseEnd = (text: string) => edgeAfter(parse(text), 'end', item.start);
  const classes = [
    'word-row',
    selected && 'selected',
    problem && `problem-${problem.severity}`,
    uncertain && 'uncertain',
    times.live && 'live',
  ];
  return (
    <div
      {...listItemProps(row, setSize, active)}
      className={classes.filter(Boolean).join(' ')}
      style={
        readings?.length
          ? {
              ...style,
              gridTemplateColumns: `minmax(4rem, 1fr) repeat(${readings.length}, minmax(4rem, 1fr)) 7.2rem 7.2rem 1.25rem`,
            }
          : style
      }
      onClick={(e) => on.onRowClick(row, e)}
      onKeyDown={(e) => on.onRowKeyDown(row, e)}
    >
      <CommitField
        label={`Text of ${name}`}
        display={item.text}
        parse={parseText}
        onCommit={(text) => actions.setText(key, text)}
        tabIndex={-1}
        onFocus={() => on.onFieldFocus(row, key)}
        className={`word-text${estimated ? ' estimated' : ''}`}
      />
      {estimated && <span className="visually-hidden">estimated</span>}
      {readings?.map((lang) =>
        !firstOfWord ? (
          <span key={lang} />
        ) : (
          <CommitField
            key={lang}
            label={`Reading (${lang}) of ${name}`}
            display={item.translations?.[lang]?.text ?? ''}
            parse={keepReading}
            onCommit={(text) => actions.setTranslation(key, lang, text || null)}
            tabIndex={-1}
            onFocus={() => on.onFieldFocus(row, key)}
            className="word-reading"
          />
        ),
      )}
      <CommitField
        label={`Start of ${name}`}
        display={formatTime(times.start)}
        parse={parseStart}
        onCommit={(t) => actions.setStart(key, t)}
        tabIndex={-1}
        onFocus={() => on.onFieldFocus(row, key)}
        className="word-time"
        inputMode="decimal"
      />
      <CommitField
        label={`End of ${name}`}
        display={formatTime(times.end)}
        parse={parseEnd}
        onCommit={(t) => actions.setEnd(key, t)}
        tabIndex={-1}
        onFocus={() => on.onFieldFocus(row, key)}
        className="word-time"
        inputMode="decimal"
      />
      {uncertain && (
        <span className="row-uncertain" title={unsure}>
          <span aria-hidden="true">?</span>
          <span className="visually-hidden">uncertain: {unsure}</span>
        </span>
      )}
      {selected && <span className="visually-hidden">selected</span>}
      {times.live && <span className="visually-hidden">moving</span>}
      {problem && (
        <span className={`row-problem ${problem.severity}`} title={problem.text}>
          <span aria-hidden="true">{problem.severity === 'error' ? '✖' : '⚠'}</span>
          <span className="visually-hidden">
            {problem.severity}: {problem.text}
          </span>
        </span>
      )}
    </div>
  );
}
