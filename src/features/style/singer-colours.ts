import type { StyleObject } from '../../contract';

/**
 * `singerTextStyles` with singer `key`'s own colours switched on (starting from the lyrics'
 * colours) or off (the singer uses the lyrics' colours again).
 */
export function ownColours(
  style: StyleObject,
  key: string,
  on: boolean,
): StyleObject['singerTextStyles'] {
  const next = { ...style.singerTextStyles };
  if (on) {
    next[key] = {
      textColor: style.chordTextStyle.textColor,
      activeLineColor: style.chordTextStyle.activeLineColor,
      outlineColor: style.chordTextStyle.outlineColor,
    };
  } else delete next[key];
  return next;
}
