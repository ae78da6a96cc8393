import { beforeEach, describe, expect, it } from 'vitest';
import { defaultStyle, type ProjectSettings, type StyleObject } from '../../contract';
import {
  createStyleDraft,
  DISPLAY_LANGUAGES,
  isDirty,
  mergeLanguages,
  mergeStyles,
  restoreDraft,
} from './style-draft';

const settings = (versionId: string, style: StyleObject = defaultStyle()): ProjectSettings => ({
  versionId,
  presetId: null,
  preset: defaultStyle(),
  settings: {
    style,
    trim: { startSeconds: 0, endSeconds: 0 },
    displayLanguages: [],
    chordSettings: {
      displayMode: 'inline',
      notation: 'chord_simple_pop',
      transpose: 0,
      capo: 0,
      showLayer: true,
    },
    duetSingerFilter: { enabled: false, selectedSingerIds: [], includeSharedLines: true },
    customTimeline: { version: 1, fps: 60, karaokeStartFrame: 0, tracks: [] },
  },
});

class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

describe('style draft', () => {
  it('edits, undoes and redoes whole styles; dirty follows the base', () => {
    const store = createStyleDraft('p1', settings('v1'));
    store.getState().set('layout.linesPerScreen', 3);
    store.getState().set('chordTextStyle.textColor', '#112233');
    expect(isDirty(store.getState())).toBe(true);
    store.getState().undo();
    expect(store.getState().style.chordTextStyle.textColor).toBe('#FFFFFF');
    expect(store.getState().style.layout.linesPerScreen).toBe(3);
    store.getState().undo();
    expect(isDirty(store.getState())).toBe(false);
    store.getState().redo();
    expect(store.getState().style.layout.linesPerScreen).toBe(3);
  });

  it('keeps unsaved work across a reload, and forgets it once saved', () => {
    const first = createStyleDraft('p1', settings('v1'));
    first.getState().set('chordTextStyle.activeLineColor', '#00FF00');
    const again = createStyleDraft('p1', settings('v1'));
    expect(again.getState().restored).toBe(true);
    expect(again.getState().style.chordTextStyle.activeLineColor).toBe('#00FF00');
    const sent = again.getState().style;
    again
      .getState()
      .saved(settings('v2', sent), { style: sent, languages: again.getState().languages });
    expect(isDirty(again.getState())).toBe(false);
    expect(createStyleDraft('p1', settings('v2', sent)).getState().restored).toBe(false);
  });

  it('a draft made on an older version is merged onto the newer one', () => {
    const first = createStyleDraft('p1', settings('v1'));
    first.getState().set('chordTextStyle.activeLineColor', '#00FF00');
    const theirs = defaultStyle();
    theirs.layout.linesPerScreen = 4;
    const reopened = createStyleDraft('p1', settings('v2', theirs));
    expect(reopened.getState().style.chordTextStyle.activeLineColor).toBe('#00FF00');
    expect(reopened.getState().style.layout.linesPerScreen).toBe(4);
  });
});

describe('mergeStyles', () => {
  it('lays my changes onto theirs and lists fields both changed differently', () => {
    const base = defaultStyle();
    const mine = structuredClone(base);
    mine.chordTextStyle.textColor = '#111111';
    mine.layout.linesPerScreen = 3;
    const theirs = structuredClone(base);
    theirs.chordTextStyle.textColor = '#222222';
    theirs.overlays.titleCard.enabled = false;
    const { style, conflicts } = mergeStyles(base, mine, theirs);
    expect(style.layout.linesPerScreen).toBe(3);
    expect(style.overlays.titleCard.enabled).toBe(false);
    expect(style.chordTextStyle.textColor).toBe('#111111');
    expect(conflicts).toEqual(['chordTextStyle.textColor']);
  });
});

describe('style draft: display languages', () => {
  it('edits, undoes and merges the languages with the style', () => {
    localStorage.removeItem('kts.style-draft.lang-test');
    const store = createStyleDraft('lang-test', settings('v1'));
    store.getState().set(DISPLAY_LANGUAGES, ['ja-Latn']);
    expect(store.getState().languages).toEqual(['ja-Latn']);
    expect(isDirty(store.getState())).toBe(true);
    store.getState().undo();
    expect(store.getState().languages).toEqual([]);
    store.getState().redo();
    expect(store.getState().languages).toEqual(['ja-Latn']);
    expect(mergeLanguages([], ['ja-Latn'], ['en'])).toEqual({
      languages: ['ja-Latn'],
      conflict: true,
    });
    expect(mergeLanguages([], [], ['en'])).toEqual({ languages: ['en'], conflict: false });
    // The unsaved list is restored on reopen.
    const again = createStyleDraft('lang-test', settings('v1'));
    expect(again.getState().languages).toEqual(['ja-Latn']);
    localStorage.removeItem('kts.style-draft.lang-test');
  });
});

describe('restoreDraft', () => {
  const mine = { ...defaultStyle(), aspectRatio: '9:16' };
  const stored = (versionId: string) => ({
    versionId,
    baseStyle: defaultStyle(),
    style: mine,
    baseLanguages: [],
    languages: ['fr'],
  });
  it('starts from the settings when nothing is stored', () => {
    const start = restoreDraft(null, settings('v1'));
    expect(start).toEqual({ style: defaultStyle(), languages: [], restored: false });
  });
  it('takes the stored draft made on this version as it is', () => {
    expect(restoreDraft(stored('v1'), settings('v1'))).toEqual({
      style: mine,
      languages: ['fr'],
      restored: true,
    });
  });
  it('lays the stored draft onto a newer version', () => {
    const theirs = { ...defaultStyle(), layout: { ...defaultStyle().layout, linesPerScreen: 3 } };
    const start = restoreDraft(stored('v1'), settings('v2', theirs));
    expect(start.restored).toBe(true);
    expect(start.languages).toEqual(['fr']);
    expect(start.style.aspectRatio).toBe('9:16');
    expect(start.style.layout.linesPerScreen).toBe(3);
  });
});
