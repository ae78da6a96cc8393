import type { XmlElement } from './xml';
import { attr } from './xml';

/**
 * TTML time expressions: clock `hh:mm:ss(.fff)`, `hh:mm:ss:ff(.sub)` (SMPTE frames, ttaf1 files),
 * offsets `12.3s` / `450ms` / `1.5m` / `1h` / `30f` / `100t`, and the forms Apple-style files use
 * outside the standard: `mm:ss.fff`, `m:ss` and bare seconds `12.345`.
 */
export interface TimeParams {
  /** Effective frames per second (frameRate * frameRateMultiplier). */
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

export function timeParams(root: XmlElement): TimeParams {
  const frameRate = Number(attr(root, 'frameRate') ?? '') || 30;
  const multiplier = (attr(root, 'frameRateMultiplier') ?? '').trim().split(/\s+/).map(Number);
  const ratio =
    multiplier.length === 2 && multiplier[0]! > 0 && multiplier[1]! > 0
      ? multiplier[0]! / multiplier[1]!
      : 1;
  const subFrameRate = Number(attr(root, 'subFrameRate') ?? '') || 1;
  const explicitTicks = Number(attr(root, 'tickRate') ?? '');
  const tickRate =
    explicitTicks > 0 ? explicitTicks : attr(root, 'frameRate') ? frameRate * subFrameRate : 1;
  return { frameRate: frameRate * ratio, subFrameRate, tickRate };
}

const CLOCK = /^(\d{1,3}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,9})|:(\d{1,4})(?:\.(\d{1,4}))?)?$/;
const SHORT_CLOCK = /^(\d{1,4}):(\d{1,2})(?:\.(\d{1,9}))?$/;
const OFFSET = /^(\d{1,12}(?:\.\d{1,12})?)(h|m|s|ms|f|t)?$/;

export function parseTtmlTime(value: string | undefined, p: TimeParams): number {
  if (value === undefined) return NaN;
  const v = value.trim();
  if (v.length === 0 || v.length > 40) return NaN;
  let m = CLOCK.exec(v);
  if (m) {
    const base = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
    if (m[4] !== undefined) return base + Number(`0.${m[4]}`);
    const frames = m[5] === undefined ? 0 : Number(m[5]);
    const sub = m[6] === undefined ? 0 : Number(m[6]);
    return base + (frames + sub / p.subFrameRate) / p.frameRate;
  }
  m = SHORT_CLOCK.exec(v);
  if (m) return Number(m[1]) * 60 + Number(m[2]) + (m[3] ? Number(`0.${m[3]}`) : 0);
  m = OFFSET.exec(v);
  if (m) {
    const n = Number(m[1]);
    switch (m[2]) {
      case 'h':
        return n * 3600;
      case 'm':
        return n * 60;
      case 'ms':
        return n / 1000;
      case 'f':
        return n / p.frameRate;
      case 't':
        return n / p.tickRate;
      default:
        return n;
    }
  }
  return NaN;
}
