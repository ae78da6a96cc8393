import { useEffect, useMemo, useRef, useState } from 'react';
import { defaultStyle, type StyleObject } from '../../contract';
import type { LayoutItem } from '../../karaoke-layout';
import { WidthCache } from './draw-frame';
import { followClock, paintScene, type PreviewClock } from './paint';
import { createScene } from './scene';
import { itemsSource, type KaraokeSource } from './window';
import './karaoke-preview.css';

export type { PreviewClock } from './paint';

export interface KaraokeCanvasProps {
  /** The lyrics: a plain array of alignment items, or a source (the editor's, see window.ts). */
  items?: readonly LayoutItem[];
  source?: KaraokeSource;
  /** The project's style; the spec's defaults when absent. Its aspect ratio shapes the canvas. */
  style?: StyleObject | undefined;
  /** For the title card. */
  title?: string | undefined;
  artists?: readonly string[] | undefined;
  /** Seconds of the song. */
  duration?: number | undefined;
  /** The project's displayLanguages: translations under the lines. */
  languages?: readonly string[] | undefined;
  /** Draw this moment (a scrubber)… */
  time?: number;
  /** …or follow a player (drawn every animation frame while it plays). */
  clock?: PreviewClock;
  /** No background (a transparent export's look). */
  transparent?: boolean;
  /** The canvas's accessible name. */
  label?: string;
  className?: string;
}

const EMPTY: readonly LayoutItem[] = [];

/**
 * The karaoke video's frame at a time, drawn on a canvas from the shared layout module
 * (src/karaoke-layout): the lines, colours, fill, title card, countdown, progress bar and lead-ins
 * the rendered video shows at that time. Sized to its container's width in the style's aspect
 * ratio; the lines on screen are also given as text for screen readers.
 */
export function KaraokeCanvas({
  items,
  source,
  style,
  title,
  artists,
  duration,
  languages,
  time,
  clock,
  transparent = false,
  label = 'Karaoke preview',
  className,
}: KaraokeCanvasProps) {
  const resolved = useMemo(() => style ?? defaultStyle(), [style]);
  const fromItems = useMemo(() => (source ? null : itemsSource(items ?? EMPTY)), [source, items]);
  const lyrics = source ?? (fromItems as KaraokeSource);
  const scene = useMemo(
    () => createScene({ source: lyrics, style: resolved, title, artists, duration, languages }),
    [lyrics, resolved, title, artists, duration, languages],
  );
  const canvas = useRef<HTMLCanvasElement>(null);
  const [widths] = useState(() => new WidthCache());
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const drawRef = useRef<(t: number) => void>(() => {});

  // Drawing: one function of the time, reading the current scene and canvas size.
  useEffect(() => {
    let lastText = '';
    const say = (said: string) => {
      if (said === lastText) return;
      lastText = said;
      setText(said);
    };
    drawRef.current = (t: number) => {
      try {
        say(paintScene(canvas.current, scene, t, widths, transparent));
        setFailed(false);
      } catch (error) {
        setFailed(true);
        // A style the layout cannot read must not take the page down: say so in place.
        say(
          `The preview cannot be drawn: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
  }, [scene, widths, transparent]);

  // What time to draw: the fixed one, or the clock's (every frame while it plays).
  useEffect(() => {
    if (clock) return followClock(clock, (t) => drawRef.current(t));
    drawRef.current(time ?? 0);
  }, [clock, time, scene, transparent]);

  // A new size (the panel was resized): draw again at the same time.
  useEffect(() => {
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      drawRef.current(clock ? clock.getTime() : (time ?? 0)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [clock, time]);

  return (
    <figure className={`karaoke-canvas${className ? ` ${className}` : ''}`}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        aria-describedby={undefined}
        style={{ aspectRatio: `${scene.width} / ${scene.height}` }}
      />
      <figcaption className={failed ? 'error-text' : 'visually-hidden'}>{text}</figcaption>
    </figure>
  );
}
