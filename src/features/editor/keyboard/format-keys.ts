import { parseChord } from './match-key';

const NAMES: Record<string, string> = {
  Space: 'Space',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  Delete: 'Delete',
  Backspace: 'Backspace',
  Tab: 'Tab',
  Enter: 'Enter',
};

/** True on Apple platforms, where Mod is shown as ⌘. */
export function isMac(): boolean {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return /Mac|iPhone|iPad/.test(nav?.platform ?? nav?.userAgent ?? '');
}

/** The keys of a chord as shown to a user: `Mod+Shift+z` -> ['Ctrl', 'Shift', 'Z']. */
export function chordLabel(spec: string, mac = isMac()): string[] {
  const chord = parseChord(spec);
  const out: string[] = [];
  if (chord.mod) out.push(mac ? '⌘' : 'Ctrl');
  if (chord.alt) out.push(mac ? '⌥' : 'Alt');
  if (chord.shift) out.push(mac ? '⇧' : 'Shift');
  out.push(NAMES[chord.key] ?? chord.key.toUpperCase());
  return out;
}

/** A chord as one accessible phrase: 'Ctrl Shift Z'. */
export function chordText(spec: string, mac = isMac()): string {
  return chordLabel(spec, mac).join(' ');
}
