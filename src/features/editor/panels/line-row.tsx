import type { CSSProperties } from 'react';
import type { AlignmentItem } from '../../../contract';
import { useEditor } from '../store';
import { CommitField } from './commit-field';
import type { PlaybackClock } from './playback-clock';
import { lineText } from './row-index';
import { lineTranslation } from '../../../timing';
import { formatTime } from './time-format';
import type { RowHandlers } from './word-row';
import { listItemProps } from './row-fields';

export interface LineRowProps extends RowHandlers {
  row: number;
  /** The line number as stored (0-based); shown and named 1-based. */
  line: number;
  items: readonly AlignmentItem[];
  active: boolean;
  style: CSSProperties;
  setSize: number;
  player: PlaybackClock;
  /** Languages shown as a translation row under the line (ADR 0017). */
  languages?: readonly string[];
}

const parseLine = (text: string) =>
  text.trim() === ''
    ? ({ ok: false, error: 'A line needs at least one word' } as const)
    : ({ ok: true, value: text.trim().replace(/\s+/g, ' ') } as const);

const keepText = (text: string) => ({ ok: true, value: text.trim() }) as const;

export function LineRow({
  row,
  line,
  items,
  active,
  style,
  setSize,
  player,
  languages = NONE,
  ...on
}: LineRowProps) {
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
      {...listItemProps(row, setSize, active)}
      className={`line-row${languages.length ? ' translated' : ''}`}
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
      {languages.map((lang) => (
        <LineTranslation
          key={lang}
          lang={lang}
          line={line}
          text={lineTranslation(items, lang) ?? ''}
          onFocus={() => on.onFieldFocus(row, null)}
        />
      ))}
    </div>
  );
}

const NONE: readonly string[] = [];

function LineTranslation({
  lang,
  line,
  text,
  onFocus,
}: {
  lang: string;
  line: number;
  text: string;
  onFocus: () => void;
}) {
  const actions = useEditor((s) => s.actions);
  return (
    <>
      <span className="line-translation-lang" title={lang} aria-hidden="true">
        {lang}
      </span>
      <CommitField
        label={`Translation (${lang}) of line ${line + 1}`}
        display={text}
        parse={keepText}
        onCommit={(value) => actions.setLineTranslation(line, lang, value || null)}
        tabIndex={-1}
        onFocus={onFocus}
        className="line-translation"
      />
    </>
  );
}
