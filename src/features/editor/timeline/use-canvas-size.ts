import { useEffect, useRef, type RefObject } from 'react';

export interface CanvasSize {
  width: number;
  height: number;
  devicePixelRatio: number;
}

/**
 * Keeps the canvases' backing stores at CSS size x devicePixelRatio (sharp on HiDPI) and reports
 * every change. The size lives in a ref: resizing must not re-render React.
 */
export function useCanvasSize(
  container: RefObject<HTMLElement | null>,
  canvases: ReadonlyArray<RefObject<HTMLCanvasElement | null>>,
  onChange: (size: CanvasSize) => void,
): RefObject<CanvasSize> {
  const size = useRef<CanvasSize>({ width: 0, height: 0, devicePixelRatio: 1 });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const apply = () => {
      const rect = el.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      size.current = { width: rect.width, height: rect.height, devicePixelRatio: dpr };
      for (const ref of canvases) {
        const c = ref.current;
        if (!c) continue;
        c.width = Math.max(1, Math.round(rect.width * dpr));
        c.height = Math.max(1, Math.round(rect.height * dpr));
      }
      onChangeRef.current(size.current);
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => observer.disconnect();
    // The canvases are created with the container and live as long as it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
  return size;
}

/** The canvas's 2D context, kept while the canvas is the same element. */
export function contextOf(
  canvas: RefObject<HTMLCanvasElement | null>,
): () => CanvasRenderingContext2D | null {
  let ctx: CanvasRenderingContext2D | null = null;
  return () => {
    const el = canvas.current;
    if (!el) return null;
    if (ctx?.canvas !== el) ctx = el.getContext('2d');
    return ctx;
  };
}
