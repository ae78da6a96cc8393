import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP, type CommandId } from './key-map';
import { matchKey, matchKeyUp, parseChord, targetKind, type KeyEventLike } from './match-key';

type Target = {
  tagName: string;
  type?: string;
  role?: string;
  editorKeys?: boolean;
  inDialog?: boolean;
};

/** A stand-in for a DOM element: the matcher only reads these members. */
function element(t: Target) {
  return {
    tagName: t.tagName,
    type: t.type,
    isContentEditable: false,
    getAttribute: (name: string) =>
      name === 'role' ? (t.role ?? null) : name === 'data-editor-keys' && t.editorKeys ? '' : null,
    closest: (selector: string) => (selector === 'dialog' && t.inDialog ? {} : null),
  } as unknown as EventTarget;
}

const BODY = element({ tagName: 'BODY' });
const TEXT = element({ tagName: 'INPUT', type: 'text' });
const NUMBER = element({ tagName: 'INPUT', type: 'number' });
const TEXTAREA = element({ tagName: 'TEXTAREA' });
const SELECT = element({ tagName: 'SELECT' });
const BUTTON = element({ tagName: 'BUTTON' });
const RANGE = element({ tagName: 'INPUT', type: 'range' });
const CANVAS = element({ tagName: 'CANVAS', editorKeys: true });
const ROW = element({ tagName: 'DIV', role: 'listitem' });
const IN_DIALOG = element({ tagName: 'BUTTON', inDialog: true });

function ev(
  spec: string,
  target: EventTarget = BODY,
  extra: Partial<KeyEventLike> = {},
): KeyEventLike {
  const parts = spec.split('+');
  const last = parts[parts.length - 1] ?? '';
  const key = last === '' ? '+' : last === 'Space' ? ' ' : last;
  return {
    key,
    ctrlKey: parts.includes('Ctrl'),
    metaKey: parts.includes('Meta'),
    shiftKey: parts.includes('Shift'),
    altKey: parts.includes('Alt'),
    target,
    ...extra,
  };
}

const match = (e: KeyEventLike, tapMode = false): CommandId | undefined =>
  matchKey(e, DEFAULT_KEY_MAP, { tapMode })?.id;

describe('matchKey on the page (nothing focused)', () => {
  it.each<[string, CommandId | undefined]>([
    ['Space', 'playPause'],
    ['ArrowLeft', 'selectPrevious'],
    ['ArrowRight', 'selectNext'],
    ['Home', 'selectFirst'],
    ['End', 'selectLast'],
    ['Alt+ArrowLeft', 'nudgeLeft'],
    ['Alt+ArrowRight', 'nudgeRight'],
    ['Shift+Alt+ArrowLeft', 'nudgeLeftCoarse'],
    ['Shift+Alt+ArrowRight', 'nudgeRightCoarse'],
    [',', 'nudgeLeftFine'],
    ['.', 'nudgeRightFine'],
    ['Shift+ArrowLeft', undefined],
    ['Ctrl+ArrowLeft', undefined],
    ['[', 'setStartAtPlayhead'],
    [']', 'setEndAtPlayhead'],
    // Tab and Shift+Tab always move focus: never a shortcut.
    ['Tab', undefined],
    ['Shift+Tab', undefined],
    ['Ctrl+z', 'undo'],
    ['Meta+z', 'undo'],
    ['Ctrl+Shift+Z', 'redo'],
    ['Meta+Shift+z', 'redo'],
    ['Ctrl+y', 'redo'],
    ['Ctrl+s', 'save'],
    ['Meta+s', 'save'],
    ['s', 'splitWord'],
    ['m', 'mergeWithNext'],
    ['f', 'toggleSpectrogram'],
    ['g', 'toggleSnapping'],
    ['/', 'findWord'],
    ['z', undefined],
    ['Shift+?', 'help'],
    ['?', 'help'],
    ['v', 'soloVocals'],
    ['V', 'soloVocals'],
    ['Shift+V', undefined],
    ['Ctrl+v', undefined],
    ['n', 'nextProblem'],
    ['Shift++', 'zoomIn'],
    ['=', 'zoomIn'],
    ['-', 'zoomOut'],
    ['0', 'zoomFit'],
    ['Delete', 'deleteSelection'],
    ['Backspace', 'deleteSelection'],
    ['Escape', 'escape'],
    ['t', 'toggleTapMode'],
    ['l', 'loopSelection'],
    ['j', undefined],
    ['x', undefined],
  ])('%s -> %s', (spec, expected) => {
    expect(match(ev(spec))).toBe(expected);
  });
});

describe('matchKey by focus target', () => {
  it.each<[string, EventTarget, CommandId | undefined]>([
    // Typing in fields: only save, undo, redo and Escape get through.
    ['Space', TEXT, undefined],
    ['v', TEXT, undefined],
    ['ArrowLeft', TEXT, undefined],
    ['Delete', TEXT, undefined],
    ['Tab', TEXT, undefined],
    ['Ctrl+s', TEXT, 'save'],
    ['Meta+z', TEXT, 'undo'],
    ['Ctrl+Shift+z', TEXTAREA, 'redo'],
    ['Escape', TEXT, 'escape'],
    ['Escape', NUMBER, 'escape'],
    ['n', SELECT, undefined],
    ['Ctrl+s', SELECT, 'save'],
    // A button keeps Space, Enter and Tab; letters still work.
    ['Space', BUTTON, undefined],
    ['Tab', BUTTON, undefined],
    ['v', BUTTON, 'soloVocals'],
    ['Alt+ArrowLeft', BUTTON, 'nudgeLeft'],
    ['ArrowLeft', BUTTON, undefined],
    ['Home', BUTTON, undefined],
    // A slider keeps its arrows.
    ['Alt+ArrowLeft', RANGE, undefined],
    ['n', RANGE, 'nextProblem'],
    // The timeline canvas: arrows, Home and End move between its words; Tab leaves it.
    ['ArrowRight', CANVAS, 'selectNext'],
    ['ArrowLeft', CANVAS, 'selectPrevious'],
    ['Home', CANVAS, 'selectFirst'],
    ['End', CANVAS, 'selectLast'],
    ['Tab', CANVAS, undefined],
    ['Shift+Tab', CANVAS, undefined],
    ['Space', CANVAS, 'playPause'],
    ['Alt+ArrowRight', CANVAS, 'nudgeRight'],
    // A focused word-list row: Space plays, its arrows are the list's, Tab leaves the list.
    ['Space', ROW, 'playPause'],
    ['Tab', ROW, undefined],
    ['ArrowRight', ROW, undefined],
    ['End', ROW, undefined],
    ['Alt+ArrowRight', ROW, 'nudgeRight'],
    // Nothing fires inside a dialog (it has its own keys).
    ['Escape', IN_DIALOG, undefined],
    ['Ctrl+s', IN_DIALOG, undefined],
  ])('%s on %#', (spec, target, expected) => {
    expect(match(ev(spec, target))).toBe(expected);
  });

  it('ignores keys a component already handled, and IME composition', () => {
    expect(match(ev('Space', BODY, { defaultPrevented: true }))).toBeUndefined();
    expect(match(ev('n', BODY, { isComposing: true }))).toBeUndefined();
  });
});

describe('the editing area', () => {
  const inArea = (t: Target, inside: boolean) =>
    ({
      ...(element(t) as object),
      closest: (selector: string) => (selector === '[data-editor-area]' && inside ? {} : null),
    }) as unknown as EventTarget;
  const area = (e: KeyEventLike) =>
    matchKey(e, DEFAULT_KEY_MAP, { area: '[data-editor-area]' })?.id;

  it('acts only on keys sent inside the area (or to the page itself)', () => {
    expect(area(ev('v', inArea({ tagName: 'BUTTON' }, true)))).toBe('soloVocals');
    expect(area(ev('v', inArea({ tagName: 'A' }, false)))).toBeUndefined();
    expect(area(ev('Ctrl+s', inArea({ tagName: 'INPUT', type: 'text' }, false)))).toBeUndefined();
    expect(area(ev('Ctrl+s', inArea({ tagName: 'INPUT', type: 'text' }, true)))).toBe('save');
    expect(area(ev('v', BODY))).toBe('soloVocals');
  });
});

describe('tap mode', () => {
  it('binds the tap key only while tap mode is on, with a release command', () => {
    expect(match(ev('j'), false)).toBeUndefined();
    expect(match(ev('j'), true)).toBe('tapDown');
    expect(match(ev('j', TEXT), true)).toBeUndefined();
    expect(matchKeyUp(ev('j'), DEFAULT_KEY_MAP)?.release).toBe('tapUp');
    expect(matchKeyUp(ev('Shift+J'), DEFAULT_KEY_MAP)?.release).toBe('tapUp');
    expect(matchKeyUp(ev('k'), DEFAULT_KEY_MAP)).toBeUndefined();
  });
});

describe('parseChord and targetKind', () => {
  it.each([
    ['Mod+Shift+z', { key: 'z', mod: true, shift: true, alt: false }],
    ['+', { key: '+', mod: false, shift: false, alt: false }],
    ['Mod++', { key: '+', mod: true, shift: false, alt: false }],
    ['Space', { key: 'Space', mod: false, shift: false, alt: false }],
    ['Alt+ArrowLeft', { key: 'ArrowLeft', mod: false, shift: false, alt: true }],
  ])('%s', (spec, chord) => {
    expect(parseChord(spec)).toEqual(chord);
  });

  it('classifies targets', () => {
    expect(targetKind(null)).toBe('none');
    expect(targetKind(BODY)).toBe('none');
    expect(targetKind(TEXT)).toBe('text');
    expect(targetKind(BUTTON)).toBe('control');
    expect(targetKind(RANGE)).toBe('widget');
    expect(targetKind(CANVAS)).toBe('editor');
    expect(targetKind(IN_DIALOG)).toBe('dialog');
  });
});

describe('the default map', () => {
  it('has unique ids and no key bound twice in the same mode', () => {
    const ids = DEFAULT_KEY_MAP.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Set<string>();
    for (const binding of DEFAULT_KEY_MAP) {
      for (const spec of binding.keys) {
        const c = parseChord(spec);
        const id = `${c.mod}/${c.shift}/${c.alt}/${c.key}/${binding.whenTapMode ?? false}`;
        expect(seen.has(id), spec).toBe(false);
        seen.add(id);
      }
    }
  });
});
