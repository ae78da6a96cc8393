import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useMemo,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { TimingDoc } from '../../../timing';
import { isEstimated, keyOf, useEditor, useEditorStore } from '../store';
import { findAndDescribe } from './find-word';
import { FindWordField } from './find-word-field';
import { navigationTarget } from './list-keys';
import { problemsByKey } from './issue-text';
import { enterRow, fieldKey } from './row-fields';
import { LineRow } from './line-row';
import type { LivePreviewSource } from './live-preview';
import type { PlaybackClock } from './playback-clock';
import { formatTime } from './time-format';
import { lineRowItems, rowIndexFor, rowItem, type RowIndex } from './row-index';
import { useFollowSelection } from './use-follow-selection';
import { useRowFocus } from './use-row-focus';
import { useRowSelection } from './use-row-selection';
import { WordRow, type RowHandlers } from './word-row';
import './panels.css';

export interface WordListProps {
  /** Line "play from here" buttons seek and play it. */
  player: PlaybackClock;
  /** The timeline's drag preview: rows of dragged words show their times live. */
  preview?: LivePreviewSource;
  /** The "Find word" field (the page's `/` shortcut focuses it). */
  findRef?: RefObject<HTMLInputElement | null>;
  className?: string;
  /** Translation rows under each line and reading fields per word (ADR 0017). */
  translations?: { lineLangs: readonly string[]; wordLangs: readonly string[] };
}

const WORD_ROW = 34;
const LINE_ROW = 40;
/** Each translation row under a line. */
const TRANSLATION_ROW = 30;
const NO_LANGS: readonly string[] = [];

/**
 * Lines and words of the committed document as a virtual list (only the visible rows exist in the
 * DOM), in step with the store's selection. The rows follow commits; during a drag on the
 * timeline the dragged words' rows show the `preview` times (written into their fields, not
 * rendered per pointer move: live-preview.ts).
 *
 * Every word stays reachable without the rows in the DOM: rows carry their place
 * (aria-posinset / aria-setsize of all rows), the roving focus reaches any row (arrows, Page
 * Up/Down, Home/End), and "Find word" jumps to and focuses any word by its text.
 */
export function WordList({ player, preview, findRef, className, translations }: WordListProps) {
  const lineLangs = translations?.lineLangs ?? NO_LANGS;
  const wordLangs = translations?.wordLangs ?? NO_LANGS;
  const headerSize = LINE_ROW + lineLangs.length * TRANSLATION_ROW;
  const store = useEditorStore();
  const doc = useEditor((s) => s.doc);
  const validation = useEditor((s) => s.validation);
  const index = rowIndexFor(doc);
  const problems = useMemo(() => problemsByKey(validation), [validation]);
  const scroller = useRef<HTMLDivElement>(null);

  // The virtualizer lays out every row again whenever its key function changes: once per document
  // version (a row may turn from word to header at the same position), never per scroll or
  // selection, and the function is the row number, not `keyOf` of 112,000 rows. Rows are never
  // measured (fixed heights), so the virtualizer's keys only need to be stable for a version; React
  // keys rows by their word's identity below, for the visible rows only.
  // Also when the translation rows change the height of line rows.
  const rowKey = useCallback((row: number) => row, [index, headerSize]); // eslint-disable-line react-hooks/exhaustive-deps
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: index.count,
    getScrollElement: () => scroller.current,
    estimateSize: (row) => (index.docIndex[row] === -1 ? headerSize : WORD_ROW),
    getItemKey: rowKey,
    overscan: 8,
  });
  const scrollToRow = (row: number) => virtualizer.scrollToIndex(row, { align: 'auto' });
  const markOwn = useFollowSelection(store, index, scrollToRow);
  const selection = useRowSelection(store, index, markOwn);
  const focus = useRowFocus(index.count, scroller, scrollToRow);

  const handlers = rowHandlers(index.count, focus, selection);
  const find = (query: string, direction: 1 | -1): string => {
    const found = findAndDescribe(index, query, focus.active, direction, formatTime);
    if (found.row === null) return found.message;
    selection.anchor.current = found.row;
    store.getState().actions.select([keyOf(found.item)], 'replace');
    markOwn();
    focus.focusRow(found.row);
    // Said by the live region; the focused row then reads its fields.
    return found.message;
  };

  const items = virtualizer.getVirtualItems();
  const list: ListContext = {
    index,
    handlers,
    doc,
    problems,
    player,
    preview,
    lineLangs,
    wordLangs,
  };
  return (
    <div className={`word-list-panel ${className ?? ''}`}>
      <FindWordField findRef={findRef} onFind={find} />
      <div ref={scroller} className="word-list">
        <div
          role="list"
          aria-label="Lines and words"
          className="word-list-inner"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((v) => (
            <ListRow
              key={rowKeyOf(index, v.index)}
              list={list}
              row={v.index}
              style={{ transform: `translateY(${v.start}px)`, height: v.size }}
              active={v.index === focus.active}
            />
          ))}
        </div>
        {index.count === 0 && <p className="muted empty-list">No words in this alignment.</p>}
      </div>
    </div>
  );
}

/** React's key of a row: its line for a line row, its word's identity for a word row. */
function rowKeyOf(index: RowIndex, row: number): string {
  const item = rowItem(index, row);
  return item ? keyOf(item) : `line:${index.line[row]}`;
}

/** Row clicks, field focus and keys: the roving focus and the selection in step. */
function rowHandlers(
  count: number,
  focus: ReturnType<typeof useRowFocus>,
  selection: ReturnType<typeof useRowSelection>,
): RowHandlers {
  return {
    onRowClick: (row, event) => {
      focus.setActive(row);
      selection.onRowClick(row, event);
    },
    onFieldFocus: (row, key) => {
      focus.setActive(row);
      selection.anchor.current = row;
      selection.onFieldFocus(key);
    },
    onRowKeyDown: (row, event: KeyboardEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) {
        // Keys typed in the row's fields belong to the fields, but for Tab and Escape.
        if (fieldKey(event.currentTarget, event.target as HTMLElement, event)) {
          event.preventDefault();
          event.stopPropagation();
        }
        return;
      }
      const to = navigationTarget(event, row, count);
      if (to !== undefined) {
        event.preventDefault();
        focus.focusRow(to);
      } else if (event.key === 'Enter' || event.key === 'F2') {
        // Select the row's word (or line) and go into its first field.
        event.preventDefault();
        selection.onRowClick(row, event);
        enterRow(event.currentTarget);
      }
    },
  };
}

/** What every row of the list shares: the rows, their handlers, the document and its marks. */
interface ListContext {
  index: RowIndex;
  handlers: RowHandlers;
  doc: TimingDoc;
  problems: ReturnType<typeof problemsByKey>;
  player: PlaybackClock;
  preview: LivePreviewSource | undefined;
  lineLangs: readonly string[];
  wordLangs: readonly string[];
}

/** One visible row: a line's header (play from here, translations) or a word's fields. */
function ListRow({
  list,
  row,
  style,
  active,
}: {
  list: ListContext;
  row: number;
  style: CSSProperties;
  active: boolean;
}) {
  const { index, handlers, ...props } = list;
  const common = { row, active, style, setSize: index.count };
  const item = rowItem(index, row);
  if (!item)
    return (
      <LineRow
        {...common}
        {...handlers}
        line={index.line[row] as number}
        items={lineRowItems(index, row)}
        player={props.player}
        languages={props.lineLangs}
      />
    );
  const key = keyOf(item);
  const { wordLangs } = props;
  return (
    <WordRow
      {...common}
      {...handlers}
      item={item}
      estimated={isEstimated(props.doc, key)}
      problem={props.problems.get(key)}
      preview={props.preview}
      readings={wordLangs.length ? wordLangs : undefined}
      firstOfWord={
        !wordLangs.length ||
        index.docIndex[row - 1] === -1 ||
        rowItem(index, row - 1)?.word !== item.word
      }
    />
  );
}
