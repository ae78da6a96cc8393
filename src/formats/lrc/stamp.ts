/**
 * LRC time stamps: `mm:ss`, `mm:ss.xx`, `mm:ss.xxx`, `mm:ss:xx` (a colon before hundredths, seen in
 * old files) and `hh:mm:ss.xx`. Anchored patterns without nested repeats on a short string: linear.
 */
const MINUTES = /^(\d{1,4}):(\d{1,2})(?:[.:,](\d{1,3}))?$/;
const HOURS = /^(\d{1,2}):(\d{1,2}):(\d{1,2})[.,](\d{1,3})$/;

const fraction = (digits: string | undefined) => (digits ? Number(`0.${digits}`) : 0);

export function parseLrcStamp(inner: string): number {
  if (inner.length === 0 || inner.length > 16) return NaN;
  const m = MINUTES.exec(inner.trim());
  if (m) return Number(m[1]) * 60 + Number(m[2]) + fraction(m[3]);
  const h = HOURS.exec(inner.trim());
  if (h) return Number(h[1]) * 3600 + Number(h[2]) * 60 + Number(h[3]) + fraction(h[4]);
  return NaN;
}

/** `[key:value]` metadata tags (ti, ar, al, by, offset, la, length, re, ve, #...). */
export const TAG = /^\[([A-Za-z#][A-Za-z0-9_#-]{0,15})\s*:([^\]]*)\]$/;
