import { vi } from 'vitest';
import type { Canvas2D } from './canvas-context';

export interface RecordedCall {
  op: 'fillRect' | 'fillText' | 'strokeRect' | 'clearRect';
  args: unknown[];
  fillStyle: string;
  /** strokeRect only: the stroke style, width and dash it was drawn with. */
  strokeStyle?: string;
  lineWidth?: number;
  dash?: number[];
}

/** A Canvas2D that records drawing calls (tests only): ~7 px per character of text. */
export function createRecordingContext(): Canvas2D & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  let dash: number[] = [];
  const style = () => (typeof ctx.fillStyle === 'string' ? ctx.fillStyle : 'pattern');
  const ctx = {
    calls,
    fillStyle: '#000' as Canvas2D['fillStyle'],
    strokeStyle: '#000' as Canvas2D['strokeStyle'],
    lineWidth: 1,
    font: '',
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    textAlign: 'start' as CanvasTextAlign,
    setTransform() {},
    clearRect(...args: number[]) {
      calls.push({ op: 'clearRect', args, fillStyle: style() });
    },
    fillRect(...args: number[]) {
      calls.push({ op: 'fillRect', args, fillStyle: style() });
    },
    strokeRect(...args: number[]) {
      const stroke = typeof ctx.strokeStyle === 'string' ? ctx.strokeStyle : 'pattern';
      calls.push({
        op: 'strokeRect',
        args,
        fillStyle: style(),
        strokeStyle: stroke,
        lineWidth: ctx.lineWidth,
        dash: [...dash],
      });
    },
    setLineDash(segments: number[]) {
      dash = [...segments];
    },
    fillText(...args: unknown[]) {
      calls.push({ op: 'fillText', args, fillStyle: style() });
    },
    measureText: (text: string) => ({ width: text.length * 7 }),
    beginPath() {},
    moveTo() {},
    lineTo() {},
    closePath() {},
    fill() {},
    stroke() {},
  };
  return ctx;
}

/** Every element measures `width` x `height` CSS px at the page's origin (tests only: jsdom lays nothing out). */
export function stubElementBox(width: number, height: number): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    x: 0,
    y: 0,
    right: width,
    bottom: height,
    width,
    height,
    toJSON: () => ({}),
  });
}
