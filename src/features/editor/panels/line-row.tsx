import type { CSSProperties } from 'react';
import type { AlignmentItem } from '../../../contract';
import { useEditor } from '../store';
import { CommitField } from './commit-field';
import type { PlaybackClock } from './playback-clock';
import { lineText } from './row-index';
import { formatTime } from './time-format';
import type { RowHandlers } from './word-row';

export interface LineRowProps extends RowHandlers {
  row: number;
  /** The line number as stored (0-based); shown and named 1-based. */
  line: number;
  items: readonly AlignmentItem[];
  active: boolean;
  style: CSSProperties;
  setSize: number;
  player: PlaybackClock;
}

const parseLine = (text: string) =>
  text.trim() === ''
    ? ({ ok: false, error: 'A line needs at least one word' } as const)
    : ({ ok: true, value: text.trim().replace(/\s+/g, ' ') } as const);

export function LineRow({ row, line, items, active, style, setSize, player, ...on }: LineRowProps) {
  const actions = useEditor((s) => s.actions);
  const n = line + 1;
  const start = items.reduce((t, item) => Math.min(t, item.start), Infinity);
  const playFrom = () => {
    if (!Number.isFinite(start)) return;
    player.seek(start);
    void player.play();
  };
  return (
    <div
      role="listitem"
      aria-posinset={row + 1}
      aria-setsize={setSize}
      data-row={row}
      tabIndex={active ? 0 : -1}
      className="line-row"
      style={style}
      onClick={(e) => on.onRowClick(row, e)}
      onKeyDown={(e) => on.onRowKeyDown(row, e)}
    >
      <span className="line-number" aria-hidden="true">
        {n}
      </span>
      <CommitField
        label={`Text of line ${n}`}
        display={lineText(items)}
        parse={parseLine}
        onCommit={(text) => actions.setLineText(line, text)}
        tabIndex={-1}
        onFocus={() => on.onFieldFocus(row, null)}
        className="line-text"
      />
      <span className="line-start">{Number.isFinite(start) ? formatTime(start) : ''}</span>
      <button
        type="button"
        className="icon-button"
        tabIndex={-1}
        aria-label={`Play line ${n}`}
        title={`Play line ${n}`}
        onClick={(e) => {
          e.stopPropagation();
          playFrom();
        }}
      >
        <span aria-hidden="true">▶</span>
      </button>
    </div>
  );
}
