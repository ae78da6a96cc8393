import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import { isEstimated, keyOf, useEditor, useEditorStore } from '../store';
import { problemsByKey } from './issue-text';
import { enterRow, fieldKey } from './row-fields';
import { LineRow } from './line-row';
import type { LivePreviewSource } from './live-preview';
import type { PlaybackClock } from './playback-clock';
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
  className?: string;
}

const WORD_ROW = 34;
const LINE_ROW = 40;
const PAGE = 10;

/**
 * Lines and words of the committed document as a virtual list (only the visible rows exist in the
 * DOM), in step with the store's selection. The rows follow commits; during a drag on the
 * timeline the dragged words' rows show the `preview` times (only those rows re-render).
 */
export function WordList({ player, preview, className }: WordListProps) {
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
  const rowKey = useCallback((row: number) => row, [index]); // eslint-disable-line react-hooks/exhaustive-deps
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: index.count,
    getScrollElement: () => scroller.current,
    estimateSize: (row) => (index.docIndex[row] === -1 ? LINE_ROW : WORD_ROW),
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

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} className={`word-list ${className ?? ''}`}>
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
            />
          );
        })}
      </div>
      {index.count === 0 && <p className="muted empty-list">No words in this alignment.</p>}
    </div>
  );
}
