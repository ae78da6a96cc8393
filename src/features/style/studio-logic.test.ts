import { describe, expect, it } from 'vitest';
import {
  basePresetName,
  mergeNotice,
  problemsByPath,
  resetNotice,
  serviceProblems,
  studioKeyAction,
  studioStatus,
} from './studio-logic';

const key = (
  k: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {},
) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
});

describe('studioKeyAction', () => {
  it.each([
    [key('s', { ctrl: true }), false, 'save'],
    [key('S', { meta: true }), true, 'save'],
    [key('z', { ctrl: true }), false, 'undo'],
    [key('Z', { ctrl: true, shift: true }), false, 'redo'],
    [key('y', { meta: true }), false, 'redo'],
    [key('z', { ctrl: true }), true, null],
    [key('y', { ctrl: true }), true, null],
    [key('s'), false, null],
    [key('s', { ctrl: true, alt: true }), false, null],
    [key('x', { ctrl: true }), false, null],
  ] as const)('%o typing=%s → %s', (e, typing, expected) => {
    expect(studioKeyAction(e, typing)).toBe(expected);
  });
});

describe('studioStatus', () => {
  const base = { saving: false, fieldProblems: 0, dirty: false, compact: false };
  it('says saving first, then problems, then the save state', () => {
    expect(studioStatus({ ...base, saving: true, fieldProblems: 2 })).toBe('Saving the style…');
    expect(studioStatus({ ...base, fieldProblems: 1, dirty: true })).toBe(
      '1 style field needs fixing',
    );
    expect(studioStatus({ ...base, fieldProblems: 3 })).toBe('3 style fields need fixing');
    expect(studioStatus({ ...base, dirty: true })).toBe('Unsaved changes');
    expect(studioStatus(base)).toBe('All changes saved');
  });
  it('names the style inside the editor', () => {
    expect(studioStatus({ ...base, compact: true, dirty: true })).toBe('Style not saved yet');
    expect(studioStatus({ ...base, compact: true })).toBe('Style saved');
  });
});

describe('problems by path', () => {
  it("strips the service's settings prefix; the service's message wins over the overflow's", () => {
    const service = serviceProblems([
      { path: 'settings.style.fontSize', message: 'Too big' },
      { path: 'settings.displayLanguages.0', message: 'Bad tag' },
    ]);
    const overflow = [
      { path: 'fontSize', message: 'overflow' },
      { path: 'lineHeight', message: 'too tall' },
    ];
    expect(Object.fromEntries(problemsByPath(service, overflow))).toEqual({
      fontSize: 'Too big',
      'displayLanguages.0': 'Bad tag',
      lineHeight: 'too tall',
    });
  });
});

describe('notices', () => {
  it('counts the merged conflicts', () => {
    expect(mergeNotice(0)).toBe('Merged your changes onto the newer settings. Saving…');
    expect(mergeNotice(1)).toContain('(1 field)');
    expect(mergeNotice(2)).toContain('(2 fields)');
  });
  it('names the base preset', () => {
    const list = [{ id: 'p1', name: 'Neon' }];
    expect(basePresetName(list, 'p1')).toBe('Neon');
    expect(basePresetName(undefined, 'p1')).toBe('…');
    expect(basePresetName(list, null)).toBeNull();
    expect(resetNotice('Neon')).toBe('Reset to the preset “Neon”: save to keep it, or undo.');
    expect(resetNotice(null)).toBe('Reset to the standard style: save to keep it, or undo.');
  });
});
