import { useEffect, useState } from 'react';

/**
 * 0 on the first render, then one more after each painted frame up to `stages`: parts of the page
 * that need not be on the way to the first answered input (the word list, the side panels) mount
 * a stage at a time, each in its own task after a frame, instead of all inside the load's first
 * render (ADR 0018). Stage 1 waits for two frames: the first paints what the first render made
 * (the timeline), and an input that came meanwhile is answered before the next stage's task.
 */
export function useStagedMount(stages: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= stages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let raf = requestAnimationFrame(() => {
      const next = () => {
        timer = setTimeout(() => setStage((s) => s + 1), 0);
      };
      if (stage > 0) next();
      else raf = requestAnimationFrame(next);
    });
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(timer);
    };
  }, [stage, stages]);
  return stage;
}
