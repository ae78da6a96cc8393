/**
 * Voice names (ASS actors, WebVTT `<v>`, TTML agents) to singer indexes. One voice is no duet:
 * no singer. Names like P1/P2 (UltraStar's, and what our writers emit) keep their number; other
 * names are numbered in order of first appearance.
 */
const NUMBERED = /^(?:p|v|voice|singer)\s*(\d{1,4})$/i;

export function singerIndexes(names: readonly (string | undefined)[]): (number | undefined)[] {
  const distinct = [...new Set(names.filter((n): n is string => !!n && n.trim().length > 0))];
  if (distinct.length <= 1) return names.map(() => undefined);
  const numbers = distinct.map((n) => NUMBERED.exec(n.trim()));
  if (numbers.every((m) => m && Number(m[1]) >= 1)) {
    return names.map((n) => {
      const m = n ? NUMBERED.exec(n.trim()) : null;
      return m ? Number(m[1]) - 1 : undefined;
    });
  }
  const order = new Map(distinct.map((n, i) => [n, i]));
  return names.map((n) => (n ? order.get(n) : undefined));
}

/** The voice name our writers use for a singer index. */
export const voiceName = (singer: number) => `P${singer + 1}`;

/** Gives each line its singer index from `singers` (same order); a line without one keeps none. */
export function assignSingers(
  lines: readonly { singer?: number }[],
  singers: readonly (number | undefined)[],
): void {
  lines.forEach((line, i) => {
    const singer = singers[i];
    if (singer !== undefined) line.singer = singer;
  });
}
