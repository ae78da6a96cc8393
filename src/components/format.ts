/** Display helpers shared by the non-editor screens. Dates use the user's locale. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB" (powers of 1024, one decimal under 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** 75 → "1 min 15 s"; 3700 → "1 h 1 min"; under a minute, whole seconds. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${s % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined);
}

/** Whole percent of an upload, clamped to 0–100 (an unknown total counts as 0 %). */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** What the progress line under the upload bar says. */
export function describeUpload(progress: {
  loaded: number;
  total: number;
  bytesPerSecond: number;
  secondsLeft: number | null;
}): string {
  const parts = [
    `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`,
    `${percentOf(progress.loaded, progress.total)} %`,
  ];
  if (progress.bytesPerSecond > 0) parts.push(`${formatBytes(progress.bytesPerSecond)}/s`);
  if (progress.secondsLeft !== null) parts.push(`${formatDuration(progress.secondsLeft)} left`);
  return parts.join(' · ');
}

/** "Song name.final.mp3" → "Song name.final" (the suggested project title). */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.replace(/[_]+/g, ' ').trim();
}

/** "A, B ,, C" → ["A", "B", "C"]. */
export function parseArtists(text: string): string[] {
  return text
    .split(',')
    .map((artist) => artist.trim())
    .filter((artist) => artist.length > 0);
}

/** A time in the song as a player shows it: "0:05", "3:41", "1:02:03". */
export function songClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
