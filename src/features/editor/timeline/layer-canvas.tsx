import type { Ref } from 'react';

const FILL = { position: 'absolute', inset: 0, width: '100%', height: '100%' } as const;
const FILL_PASS_THROUGH = { ...FILL, pointerEvents: 'none' } as const;

/**
 * A canvas filling its positioned box, one layer of a drawing (the box carries the accessible
 * name, so the canvas is hidden); `passThrough` lets the pointer reach the layer under it.
 */
export function LayerCanvas({
  ref,
  passThrough = false,
}: {
  ref: Ref<HTMLCanvasElement>;
  passThrough?: boolean;
}) {
  return <canvas ref={ref} aria-hidden="true" style={passThrough ? FILL_PASS_THROUGH : FILL} />;
}
