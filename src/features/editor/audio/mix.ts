/** Per-stem mix settings as the user set them. */
export interface StemMix {
  id: string;
  volume: number;
  muted: boolean;
  solo: boolean;
}

/**
 * The gain each stem really plays at: with any stem soloed only soloed stems sound; mute always
 * wins; volume is clamped to 0..1 (element volume cannot amplify).
 */
export function effectiveGains(mixes: readonly StemMix[]): Map<string, number> {
  const anySolo = mixes.some((m) => m.solo);
  const gains = new Map<string, number>();
  for (const m of mixes) {
    const audible = !m.muted && (!anySolo || m.solo);
    gains.set(m.id, audible ? Math.min(1, Math.max(0, m.volume)) : 0);
  }
  return gains;
}

/**
 * "Solo the vocals" as one toggle: if exactly the vocal stems are soloed, clear every solo;
 * otherwise solo exactly them.
 */
export function toggleSoloOf<T extends StemMix>(
  mixes: readonly T[],
  ids: ReadonlySet<string>,
): T[] {
  const already = mixes.every((m) => m.solo === ids.has(m.id)) && ids.size > 0;
  return mixes.map((m) => ({ ...m, solo: already ? false : ids.has(m.id) }));
}

export const MIN_RATE = 0.5;
export const MAX_RATE = 1.5;
export const clampRate = (rate: number) =>
  Number.isFinite(rate) ? Math.min(MAX_RATE, Math.max(MIN_RATE, rate)) : 1;
