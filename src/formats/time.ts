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

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Splits rounded `units` (of 1/perSecond s) into h, m, s, fraction. */
function fields(seconds: number, perSecond: number) {
  const units = Math.max(0, Math.round(seconds * perSecond));
  const frac = units % perSecond;
  const total = (units - frac) / perSecond;
  return {
    h: Math.floor(total / 3600),
    m: Math.floor(total / 60) % 60,
    s: total % 60,
    frac,
    total,
  };
}

/** LRC `mm:ss.xx` (minutes grow past 99 when needed). */
export function formatLrcTime(seconds: number): string {
  const f = fields(seconds, 100);
  return `${pad(Math.floor(f.total / 60), 2)}:${pad(f.s, 2)}.${pad(f.frac, 2)}`;
}

/** SRT `hh:mm:ss,mmm`. */
export function formatSrtTime(seconds: number): string {
  const f = fields(seconds, 1000);
  return `${pad(f.h, 2)}:${pad(f.m, 2)}:${pad(f.s, 2)},${pad(f.frac, 3)}`;
}

/** WebVTT and TTML clock `hh:mm:ss.mmm`. */
export function formatClockMs(seconds: number): string {
  const f = fields(seconds, 1000);
  return `${pad(f.h, 2)}:${pad(f.m, 2)}:${pad(f.s, 2)}.${pad(f.frac, 3)}`;
}

/** ASS `h:mm:ss.cc`. */
export function formatAssTime(seconds: number): string {
  const f = fields(seconds, 100);
  return `${f.h}:${pad(f.m, 2)}:${pad(f.s, 2)}.${pad(f.frac, 2)}`;
}

/** Centiseconds, the unit of LRC, ASS and `\k`. */
export const toCentis = (seconds: number) => Math.max(0, Math.round(seconds * 100));

/** Milliseconds, the unit of SRT, WebVTT and TTML. */
export const toMillis = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
