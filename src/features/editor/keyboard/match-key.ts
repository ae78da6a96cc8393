import type { KeyBinding, KeyMap } from './key-map';

/** The parts of a KeyboardEvent the matcher reads (plain objects in tests). */
export interface KeyEventLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly target?: EventTarget | null;
  readonly defaultPrevented?: boolean;
  readonly isComposing?: boolean;
}

export interface MatchContext {
  tapMode?: boolean;
  /**
   * A selector for the editing area: keys sent to an element outside it (the site's navigation,
   * another panel) are not shortcuts. Nothing focused (the page body) counts as inside.
   */
  area?: string;
}

export interface KeyChord {
  readonly key: string;
  readonly mod: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
}

/** `Mod+Shift+z` -> { key: 'z', mod, shift }. The last `+`-separated part is the key ('+' too). */
export function parseChord(spec: string): KeyChord {
  const parts = spec.split('+');
  let key = parts.pop() ?? '';
  // A spec ending in '+' names the plus key itself ('+', 'Mod++').
  if (key === '') {
    key = '+';
    parts.pop();
  }
  return {
    key: normalizeKey(key),
    mod: parts.includes('Mod'),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
  };
}

function normalizeKey(key: string): string {
  if (key === ' ' || key === 'Spacebar') return 'Space';
  return key.length === 1 ? key.toLowerCase() : key;
}

/** Printed symbols already say whether Shift was held ('?' is Shift+/ on many layouts). */
const isSymbol = (key: string) => key.length === 1 && key.toLowerCase() === key.toUpperCase();

export function chordMatches(chord: KeyChord, event: KeyEventLike): boolean {
  if (chord.key !== normalizeKey(event.key)) return false;
  if (chord.mod !== (event.ctrlKey || event.metaKey)) return false;
  if (chord.alt !== event.altKey) return false;
  return isSymbol(chord.key) || chord.shift === event.shiftKey;
}

type TargetKind = 'none' | 'editor' | 'text' | 'control' | 'widget' | 'dialog' | 'other';

interface ElementLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
  closest?(selector: string): unknown;
}

const NOT_TEXT = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'image',
]);
const WIDGET_ROLES = new Set([
  'slider',
  'radio',
  'tab',
  'menuitem',
  'option',
  'spinbutton',
  'listbox',
  'tree',
  'grid',
]);
const CONTROL_ROLES = new Set(['button', 'checkbox', 'switch', 'link']);

/** What kind of element the key went to: it decides which keys it owns. */
export function targetKind(target: EventTarget | null | undefined): TargetKind {
  const el = target as ElementLike | null | undefined;
  const tag = el?.tagName?.toUpperCase();
  if (!el || !tag || tag === 'BODY' || tag === 'HTML') return 'none';
  if (el.closest?.('dialog')) return 'dialog';
  const type = (el.type ?? '').toLowerCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return 'text';
  if (tag === 'INPUT')
    return NOT_TEXT.has(type)
      ? type === 'range' || type === 'radio'
        ? 'widget'
        : 'control'
      : 'text';
  if (el.getAttribute?.('data-editor-keys') != null) return 'editor';
  const role = el.getAttribute?.('role') ?? '';
  if (WIDGET_ROLES.has(role)) return 'widget';
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || CONTROL_ROLES.has(role))
    return 'control';
  return 'other';
}

const ACTIVATION = new Set(['Space', 'Enter', 'Tab']);
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Whether the focused element keeps this key for itself (a button's Space, a slider's arrows). */
function targetOwns(kind: TargetKind, chord: KeyChord): boolean {
  switch (kind) {
    case 'none':
    case 'editor':
    case 'other':
      return false;
    case 'control':
      return ACTIVATION.has(chord.key);
    case 'widget':
      return ACTIVATION.has(chord.key) || ARROWS.has(chord.key);
    case 'text':
    case 'dialog':
      return true;
  }
}

function allowed(binding: KeyBinding, chord: KeyChord, kind: TargetKind, context: MatchContext) {
  if (binding.whenTapMode && !context.tapMode) return false;
  if (kind === 'dialog') return false;
  if (binding.scope === 'focus-free') return kind === 'none' || kind === 'editor';
  if (kind === 'text') return binding.allowInFields === true;
  return !targetOwns(kind, chord);
}

function insideArea(target: EventTarget | null | undefined, area: string): boolean {
  const el = target as ElementLike | null | undefined;
  return el?.closest?.(area) != null;
}

/** The binding a keydown triggers, or undefined (also when a component already handled it). */
export function matchKey(
  event: KeyEventLike,
  map: KeyMap,
  context: MatchContext = {},
): KeyBinding | undefined {
  if (event.defaultPrevented || event.isComposing) return undefined;
  const kind = targetKind(event.target);
  if (context.area && kind !== 'none' && !insideArea(event.target, context.area)) return undefined;
  for (const binding of map) {
    for (const spec of binding.keys) {
      const chord = parseChord(spec);
      if (chordMatches(chord, event) && allowed(binding, chord, kind, context)) return binding;
    }
  }
  return undefined;
}

/** The binding whose release command a keyup runs (modifiers ignored: they may change mid-hold). */
export function matchKeyUp(event: KeyEventLike, map: KeyMap): KeyBinding | undefined {
  const key = normalizeKey(event.key);
  return map.find((b) => b.release && b.keys.some((spec) => parseChord(spec).key === key));
}
