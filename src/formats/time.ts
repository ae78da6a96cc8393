/**
 * Clock times shared by the readers and writers. Parsing is by hand on short strings (no regex
 * backtracking on hostile input); formatting rounds once to the format's unit so that the fields
 * never show 60 seconds.
 */

/**
 * `[[h:]m:]s[.frac]` with `.` or `,` before the fraction (LRC, SRT, VTT, ASS, TTML clock without
 * frames). A `:` before a last group of 2-3 digits in LRC (`mm:ss:xx`) is read as a fraction by the
 * LRC reader, not here. Returns NaN when not a time.
 */
export function parseClock(text: string): number {
  const s = text.trim();
  if (s.length === 0 || s.length > 32) return NaN;
  let fracAt = -1;
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s[i];
    if (c === '.' || c === ',') {
      fracAt = i;
      break;
    }
    if (c === ':') break;
  }
  const whole = fracAt >= 0 ? s.slice(0, fracAt) : s;
  const frac = fracAt >= 0 ? s.slice(fracAt + 1) : '';
  if (frac.length > 0 && !/^\d+$/.test(frac)) return NaN;
  const parts = whole.split(':');
  if (parts.length > 3) return NaN;
  let seconds = 0;
  for (const part of parts) {
    if (!/^\d{1,9}$/.test(part)) return NaN;
    seconds = seconds * 60 + Number(part);
  }
  return frac ? seconds + Number(`0.${frac}`) : seconds;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/*
 * Formatting rounds once to whole units (no field shows 60), with integer arithmetic and no
 * intermediate objects: writers call these twice per word, 200,000 times for a long song.
 */

/** LRC `mm:ss.xx` (minutes grow past 99 when needed). */
export function formatLrcTime(seconds: number): string {
  const units = Math.max(0, Math.round(seconds * 100));
  const total = Math.floor(units / 100);
  return `${two(Math.floor(total / 60))}:${two(total % 60)}.${two(units % 100)}`;
}

/** `hh:mm:ss<sep>mmm`. */
function clockMs(seconds: number, sep: string): string {
  const units = Math.max(0, Math.round(seconds * 1000));
  const total = Math.floor(units / 1000);
  const h = Math.floor(total / 3600);
  return `${two(h)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}${sep}${three(units % 1000)}`;
}

/** SRT `hh:mm:ss,mmm`. */
export const formatSrtTime = (seconds: number) => clockMs(seconds, ',');

/** WebVTT and TTML clock `hh:mm:ss.mmm`. */
export const formatClockMs = (seconds: number) => clockMs(seconds, '.');

/** ASS `h:mm:ss.cc`. */
export function formatAssTime(seconds: number): string {
  const units = Math.max(0, Math.round(seconds * 100));
  const total = Math.floor(units / 100);
  return `${Math.floor(total / 3600)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}.${two(units % 100)}`;
}

/** Centiseconds, the unit of LRC, ASS and `\k`. */
export const toCentis = (seconds: number) => Math.max(0, Math.round(seconds * 100));

/** Milliseconds, the unit of SRT, WebVTT and TTML. */
export const toMillis = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
