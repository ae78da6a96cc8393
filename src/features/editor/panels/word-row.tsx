import { useRef, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { AlignmentItem } from '../../../contract';
import { useReviewMarks } from '../review/review-context';
import { keyOf, useEditor } from '../store';
import { CommitField } from './commit-field';
import type { RowProblem } from './issue-text';
import { useDragged, useLiveTimeFields, type LivePreviewSource } from './live-preview';
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
  /** A drag in progress on the timeline: a dragged word's row says "moving", its times follow. */
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

/** How a word is named in its fields' labels. */
const nameOf = (item: AlignmentItem) => item.text.trim() || 'empty word';

const keepReading = (text: string) => ({ ok: true, value: text.trim() }) as const;

/** The sync's doubt about a word: uncertain, and the sentence that says how sure it was. */
function useUncertainty(key: string): string | null {
  const marks = useReviewMarks();
  const uncertain = useEditor((s) => marks.uncertainOf(s.doc).has(key));
  if (!uncertain) return null;
  const confidence = marks.confidenceOf(key);
  return `The sync is unsure of this word${
    confidence === undefined ? '' : ` (confidence ${Math.round(confidence * 100)}%)`
  }`;
}

/** The start or end field of a word: an edge typed past the other one is refused at the field. */
function EdgeField({
  edge,
  item,
  name,
  onFocus,
}: {
  edge: 'start' | 'end';
  item: AlignmentItem;
  name: string;
  onFocus: () => void;
}) {
  const duration = useEditor((s) => s.doc.duration);
  const actions = useEditor((s) => s.actions);
  const key = keyOf(item);
  // Kept as typed when refused, never clamped.
  const parse = (text: string) =>
    edgeAfter(parseTime(text, { duration }), edge, edge === 'start' ? item.end : item.start);
  return (
    <CommitField
      label={`${edge === 'start' ? 'Start' : 'End'} of ${name}`}
      display={formatTime(item[edge])}
      parse={parse}
      onCommit={(t) => (edge === 'start' ? actions.setStart(key, t) : actions.setEnd(key, t))}
      tabIndex={-1}
      onFocus={onFocus}
      className="word-time"
      inputMode="decimal"
    />
  );
}

/** A reading field per word-level language; a word's later sub-words keep their cells empty. */
function ReadingCells({
  item,
  langs,
  shown,
  onFocus,
}: {
  item: AlignmentItem;
  langs: readonly string[];
  /** False for a word's later sub-words (the reading is on the first). */
  shown: boolean;
  onFocus: () => void;
}) {
  const actions = useEditor((s) => s.actions);
  const key = keyOf(item);
  const name = nameOf(item);
  return langs.map((lang) =>
    !shown ? (
      <span key={lang} />
    ) : (
      <CommitField
        key={lang}
        label={`Reading (${lang}) of ${name}`}
        display={item.translations?.[lang]?.text ?? ''}
        parse={keepReading}
        onCommit={(text) => actions.setTranslation(key, lang, text || null)}
        tabIndex={-1}
        onFocus={onFocus}
        className="word-reading"
      />
    ),
  );
}

/** A mark read as text by a screen reader and shown as a symbol with a tooltip. */
function RowMark({
  className,
  title,
  symbol,
  said,
}: {
  className: string;
  title: string;
  symbol: string;
  said: string;
}) {
  return (
    <span className={className} title={title}>
      <span aria-hidden="true">{symbol}</span>
      <span className="visually-hidden">{said}</span>
    </span>
  );
}

/** The row's classes: selected, its problem's severity, uncertain, moved by a drag. */
const rowClass = (
  selected: boolean,
  problem: RowProblem | undefined,
  uncertain: boolean,
  live: boolean,
) =>
  [
    'word-row',
    selected && 'selected',
    problem && `problem-${problem.severity}`,
    uncertain && 'uncertain',
    live && 'live',
  ]
    .filter(Boolean)
    .join(' ');

/** The grid of a row with reading columns (one per word-level language). */
const readingColumns = (count: number) =>
  `minmax(4rem, 1fr) repeat(${count}, minmax(4rem, 1fr)) 7.2rem 7.2rem 1.25rem`;

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
  const moving = useDragged(preview, key);
  const rowRef = useRef<HTMLDivElement>(null);
  const timeFields = useRef(() => [
    ...(rowRef.current?.querySelectorAll<HTMLInputElement>('.word-time input') ?? []),
  ]);
  useLiveTimeFields(preview, key, moving, item, timeFields, formatTime);
  const selected = useEditor((s) => s.selection.has(key));
  const unsure = useUncertainty(key);
  const actions = useEditor((s) => s.actions);
  const name = nameOf(item);
  const focus = () => on.onFieldFocus(row, key);
  return (
    <div
      ref={rowRef}
      {...listItemProps(row, setSize, active)}
      className={rowClass(selected, problem, unsure !== null, moving)}
      style={
        readings?.length
          ? { ...style, gridTemplateColumns: readingColumns(readings.length) }
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
        onFocus={focus}
        className={`word-text${estimated ? ' estimated' : ''}`}
      />
      {estimated && <span className="visually-hidden">estimated</span>}
      {readings && (
        <ReadingCells item={item} langs={readings} shown={firstOfWord} onFocus={focus} />
      )}
      <EdgeField edge="start" item={item} name={name} onFocus={focus} />
      <EdgeField edge="end" item={item} name={name} onFocus={focus} />
      {unsure !== null && (
        <RowMark
          className="row-uncertain"
          title={unsure}
          symbol="?"
          said={`uncertain: ${unsure}`}
        />
      )}
      {selected && <span className="visually-hidden">selected</span>}
      {moving && <span className="visually-hidden">moving</span>}
      {problem && (
        <RowMark
          className={`row-problem ${problem.severity}`}
          title={problem.text}
          symbol={problem.severity === 'error' ? '✖' : '⚠'}
          said={`${problem.severity}: ${problem.text}`}
        />
      )}
    </div>
  );
}
