import type { EditorStore } from './editor-store';
import type { DragMode } from './types';

export interface DriverOptions {
  pxPerSecond?: number;
  playhead?: number;
}

/**
 * Drives a store like a user, in time coordinates, with no browser: pointer down on a word, move,
 * up; and the editing keys the page binds (Escape, undo, redo, nudges, tap-sync).
 */
export function createDriver(store: EditorStore, options: DriverOptions = {}) {
  const actions = () => store.getState().actions;
  const pxPerSecond = options.pxPerSecond ?? 100;
  let playhead = options.playhead ?? 0;
  return {
    setPlayhead(t: number) {
      playhead = t;
    },
    pointerDown(time: number, key: string, mode: DragMode = 'move') {
      actions().beginDrag({ mode, key, time, pxPerSecond, playhead });
    },
    pointerMove(time: number) {
      actions().updateDrag(time);
    },
    pointerUp() {
      actions().commitDrag();
    },
    drag(key: string, from: number, to: number, mode: DragMode = 'move', steps = 5) {
      this.pointerDown(from, key, mode);
      for (let i = 1; i <= steps; i++) this.pointerMove(from + ((to - from) * i) / steps);
      this.pointerUp();
    },
    key(name: string, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}) {
      const a = actions();
      const step = mods.shift ? 'coarse' : mods.alt ? 'fine' : 'normal';
      switch (name) {
        case 'Escape':
          a.cancelDrag();
          break;
        case 'z':
          if (mods.ctrl && mods.shift) a.redo();
          else if (mods.ctrl) a.undo();
          break;
        case 'y':
          if (mods.ctrl) a.redo();
          break;
        case 'ArrowLeft':
          a.nudge(-1, step);
          break;
        case 'ArrowRight':
          a.nudge(1, step);
          break;
        case '[':
          a.setStartAt(playhead);
          break;
        case ']':
          a.setEndAt(playhead);
          break;
        case 'Delete':
          a.deleteSelection();
          break;
        default:
          throw new Error(`driver: no binding for ${name}`);
      }
    },
    tapDown(time: number) {
      actions().tapDown(time);
    },
    tapUp(time: number) {
      actions().tapUp(time);
    },
  };
}

export type EditorDriver = ReturnType<typeof createDriver>;
