import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { StyleObject } from '../../../contract';
import { useEditor } from '../store';
import { karaokeLinesFor, karaokeWords, lineAt, wordState } from './karaoke-lines';
import { previewLook } from './karaoke-style';
import type { PlaybackClock } from './playback-clock';
import { rowIndexFor } from './row-index';
import { singerStyle } from '../tools/singer-style';
import './panels.css';

export interface KaraokePreviewProps {
  player: PlaybackClock;
  /** The project's style; the spec's defaults when absent. */
  style?: StyleObject;
}

/** Marks each word of the current line sung / active / future; touches only what changed. */
function paintWords(root: HTMLElement | null, t: number) {
  if (!root) return;
  for (const el of root.querySelectorAll<HTMLElement>('.karaoke-line.current .karaoke-word')) {
    const state = wordState(Number(el.dataset.start), Number(el.dataset.end), t);
    if (el.dataset.state !== state) el.dataset.state = state;
  }
}

/**
 * The current and next lines with the words highlighted as they are sung. Playback is followed in
 * requestAnimationFrame: a frame writes word states to the DOM and re-renders only when the line
 * changes.
 */
export function KaraokePreview({ player, style }: KaraokePreviewProps) {
  const doc = useEditor((s) => s.doc);
  const index = rowIndexFor(doc);
  const lines = karaokeLinesFor(index);
  const look = useMemo(() => previewLook(style), [style]);
  const root = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(() => lineAt(lines, player.getTime()));

  useEffect(() => {
    let raf = 0;
    const frame = () => {
      raf = 0;
      const t = player.getTime();
      setCurrent(lineAt(lines, t));
      paintWords(root.current, t);
      if (player.isPlaying()) raf = requestAnimationFrame(frame);
    };
    const unsubscribe = player.subscribe(() => {
      if (raf === 0) frame();
    });
    frame();
    return () => {
      unsubscribe();
      cancelAnimationFrame(raf);
    };
  }, [player, lines]);

  // A new line's words were just rendered: paint them before the browser shows them.
  useLayoutEffect(() => paintWords(root.current, player.getTime()), [player, current, lines]);

  const shown = useMemo(
    () =>
      (current < 0 ? [] : lines.slice(current, current + look.linesPerScreen)).map((line) => ({
        line: line.line,
        words: karaokeWords(index, line),
      })),
    [index, lines, current, look.linesPerScreen],
  );
  return (
    <div
      ref={root}
      className="karaoke-preview"
      role="region"
      aria-label="Karaoke preview"
      style={look.css}
    >
      {shown.length === 0 && <p className="karaoke-line muted">No lyrics</p>}
      {shown.map((line, i) => (
        <p key={line.line} className={`karaoke-line${i === 0 ? ' current' : ''}`}>
          {line.words.map((w) => (
            <span key={w.key}>
              <span
                className="karaoke-word"
                data-start={w.start}
                data-end={w.end}
                data-state="future"
                data-singer={w.singer}
                style={singerStyle(w.singer)}
              >
                {w.text}
              </span>
              {w.joinNext ? '' : ' '}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
