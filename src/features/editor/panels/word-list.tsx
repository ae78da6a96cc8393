import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { isEstimated, keyOf, useEditor, useEditorStore } from '../store';
import { findWord } from './find-word';
import { problemsByKey } from './issue-text';
import { enterRow, fieldKey } from './row-fields';
import { LineRow } from './line-row';
import type { LivePreviewSource } from './live-preview';
import type { PlaybackClock } from './playback-clock';
import { formatTime } from './time-format';
import { lineRowItems, rowIndexFor, rowItem } from './row-index';
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
const PAGE = 10;

/**
 * Lines and words of the committed document as a virtual list (only the visible rows exist in the
 * DOM), in step with the store's selection. The rows follow commits; during a drag on the
 * timeline the dragged words' rows show the `preview` times (only those rows re-render).
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

  const handlers: RowHandlers = {
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
      const move: Record<string, number> = {
        ArrowDown: row + 1,
        ArrowUp: row - 1,
        PageDown: row + PAGE,
        PageUp: row - PAGE,
        Home: 0,
        End: index.count - 1,
      };
      const to = move[event.key];
      if (to !== undefined && !event.altKey && !event.ctrlKey && !event.metaKey) {
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

  const [query, setQuery] = useState('');
  const [found, setFound] = useState('');
  const findStatusId = useId();
  const find = (direction: 1 | -1) => {
    const hit = findWord(index, query, focus.active, direction);
    if (!hit) {
      setFound(query.trim() === '' ? '' : `No word contains “${query.trim()}”.`);
      return;
    }
    const header = index.docIndex[hit.row] === -1;
    const item = rowItem(index, header ? hit.row + 1 : hit.row);
    if (!item) return;
    selection.anchor.current = hit.row;
    store.getState().actions.select([keyOf(item)], 'replace');
    markOwn();
    focus.focusRow(hit.row);
    // Said by the live region; the focused row then reads its fields.
    if (header) {
      setFound(`Translation of line ${item.line + 1}: match ${hit.match} of ${hit.total}.`);
      return;
    }
    setFound(
      `${item.text}, ${formatTime(item.start)} to ${formatTime(item.end)}, line ${
        item.line + 1
      }: match ${hit.match} of ${hit.total}.`,
    );
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className={`word-list-panel ${className ?? ''}`}>
      <div className="find-word" role="search" aria-label="Find a word">
        <input
          ref={findRef}
          type="search"
          aria-label="Find word"
          aria-describedby={findStatusId}
          aria-keyshortcuts="/"
          placeholder="Find word…  /"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setFound('');
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            find(e.shiftKey ? -1 : 1);
          }}
        />
        <button
          type="button"
          className="icon-button"
          aria-label="Find next word"
          title="Find next (Enter; Shift+Enter: previous)"
          onClick={() => find(1)}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <p id={findStatusId} className="find-word-status muted" role="status">
          {found}
        </p>
      </div>
      <div ref={scroller} className="word-list">
        <div
          role="list"
          aria-label="Lines and words"
          className="word-list-inner"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((v) => {
            const style = { transform: `translateY(${v.start}px)`, height: v.size };
            const common = {
              row: v.index,
              active: v.index === focus.active,
              style,
              setSize: index.count,
            };
            const item = rowItem(index, v.index);
            if (!item) {
              return (
                <LineRow
                  key={`line:${index.line[v.index]}`}
                  {...common}
                  {...handlers}
                  line={index.line[v.index] as number}
                  items={lineRowItems(index, v.index)}
                  player={player}
                  languages={lineLangs}
                />
              );
            }
            const key = keyOf(item);
            return (
              <WordRow
                key={key}
                {...common}
                {...handlers}
                item={item}
                estimated={isEstimated(doc, key)}
                problem={problems.get(key)}
                preview={preview}
                readings={wordLangs.length ? wordLangs : undefined}
                firstOfWord={
                  !wordLangs.length ||
                  index.docIndex[v.index - 1] === -1 ||
                  rowItem(index, v.index - 1)?.word !== item.word
                }
              />
            );
          })}
        </div>
        {index.count === 0 && <p className="muted empty-list">No words in this alignment.</p>}
      </div>
    </div>
  );
}
