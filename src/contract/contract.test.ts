import { describe, expect, it } from 'vitest';
import {
  AlignmentReplacementSchema,
  CreateExportSchema,
  ExportDownloadSchema,
  routes,
  AlignmentSchema,
  BillingManageQuerySchema,
  CreateProjectSchema,
  defaultStyle,
  ExportSchema,
  ExportsQuerySchema,
  MAX_ALIGNMENT_ITEMS,
  MAX_INDEX,
  MediaItemSchema,
  ProjectSchema,
  ProjectSettingsSchema,
  SelectionRequestSchema,
  STEM_MODELS,
  LyricsSyncRequestSchema,
  StemSeparationRequestSchema,
  TaskOutputSchema,
  TaskSchema,
  UploadRequestSchema,
} from './index';

const item = (overrides: Record<string, unknown> = {}) => ({
  line: 0,
  word: 0,
  subword: 0,
  start: 1.5,
  end: 2,
  text: 'hello',
  ...overrides,
});
const replacement = (overrides: Record<string, unknown> = {}, items = [item()]) => ({
  alignment: { items },
  expectedRevision: 'r1',
  ...overrides,
});
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('AlignmentItem in a replacement', () => {
  it.each([
    ['minimal item', item(), true],
    [
      'with id, singer, translations',
      item({ id: 'w1', singer: 2, translations: { de: { text: 'hallo', editedManually: true } } }),
      true,
    ],
    ['zero times', item({ start: 0, end: 0 }), true],
    [
      'largest indices',
      item({ line: MAX_INDEX, word: MAX_INDEX, subword: MAX_INDEX, singer: MAX_INDEX }),
      true,
    ],
    ['line above the bound', item({ line: MAX_INDEX + 2 }), false],
    ['negative word', item({ word: -1 }), false],
    ['fractional subword', item({ subword: 0.5 }), false],
    ['negative singer', item({ singer: -1 }), false],
    ['negative start', item({ start: -0.001 }), false],
    ['negative end', item({ end: -1 }), false],
    ['start as a string', item({ start: '1.5' }), false],
    ['missing text', { line: 0, word: 0, subword: 0, start: 0, end: 1 }, false],
    ['missing subword', { line: 0, word: 0, start: 0, end: 1, text: 'a' }, false],
    ['an extra field', item({ estimated: true }), false],
    [
      'a translation with an extra field',
      item({ translations: { de: { text: 'x', lang: 'de' } } }),
      false,
    ],
    ['a translation without text', item({ translations: { de: { editedManually: true } } }), false],
  ])('%s', (_, value, expected) => {
    expect(ok(AlignmentReplacementSchema, replacement({}, [value as never]))).toBe(expected);
  });
});

describe('alignment replacement body', () => {
  it.each([
    ['the minimal body', replacement(), true],
    [
      'select with a selection revision',
      replacement({ select: true, expectedSelectionRevision: 's1' }),
      true,
    ],
    ['an empty expectedRevision', replacement({ expectedRevision: '' }), false],
    ['no expectedRevision', { alignment: { items: [] } }, false],
    ['an empty expectedSelectionRevision', replacement({ expectedSelectionRevision: '' }), false],
    ['an extra member', replacement({ force: true }), false],
    [
      'an extra member inside alignment',
      { ...replacement(), alignment: { items: [], name: 'x' } },
      false,
    ],
    ['select as a string', replacement({ select: 'yes' }), false],
  ])('%s', (_, value, expected) => {
    expect(ok(AlignmentReplacementSchema, value)).toBe(expected);
  });

  it(`accepts ${MAX_ALIGNMENT_ITEMS} items and rejects ${MAX_ALIGNMENT_ITEMS + 1}`, () => {
    const items = Array.from({ length: MAX_ALIGNMENT_ITEMS }, (_, i) =>
      item({ word: i, start: i, end: i + 0.5 }),
    );
    expect(ok(AlignmentReplacementSchema, replacement({}, items))).toBe(true);
    items.push(item({ word: MAX_ALIGNMENT_ITEMS }));
    const result = AlignmentReplacementSchema.safeParse(replacement({}, items));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['alignment', 'items']);
  });
});

describe('selection body', () => {
  it.each([
    [{ expectedRevision: 'a', expectedSelectionRevision: 'b' }, true],
    [{ expectedRevision: '', expectedSelectionRevision: 'b' }, false],
    [{ expectedRevision: 'a', expectedSelectionRevision: '' }, false],
    [{ expectedRevision: 'a' }, false],
    [{ expectedRevision: 'a', expectedSelectionRevision: 'b', extra: 1 }, false],
  ])('%j -> %s', (value, expected) => {
    expect(ok(SelectionRequestSchema, value)).toBe(expected);
  });
});

describe('create project body', () => {
  it.each([
    ['only inputFileId', { inputFileId: 'f1' }, true],
    [
      'everything',
      {
        inputFileId: 'f1',
        title: 'Song',
        kind: 'karaoke',
        stemModel: 'mdx23c',
        presetId: 'p',
        lyricsSource: { type: 'transcribe', lyrics: 'la la' },
      },
      true,
    ],
    ['no inputFileId', { title: 'Song' }, false],
    ['a one-character title', { inputFileId: 'f1', title: 'S' }, false],
    ['a title of spaces around one character', { inputFileId: 'f1', title: '  S ' }, false],
    ['kind other than karaoke', { inputFileId: 'f1', kind: 'lyric-video' }, false],
    ['an unknown stem model', { inputFileId: 'f1', stemModel: 'demucs' }, false],
    [
      'an undocumented lyrics source',
      { inputFileId: 'f1', lyricsSource: { type: 'upload', lyrics: 'x' } },
      false,
    ],
    [
      'the alignment source (a new project has no alignment to sync again)',
      { inputFileId: 'f1', lyricsSource: { type: 'alignment', alignmentId: 'a1' } },
      false,
    ],
  ])('%s', (_, value, expected) => {
    expect(ok(CreateProjectSchema, value)).toBe(expected);
  });

  it('knows exactly the 12 stem models of the spec', () => {
    expect(STEM_MODELS).toHaveLength(12);
    for (const model of STEM_MODELS) expect(ok(StemSeparationRequestSchema, { model })).toBe(true);
    expect(ok(StemSeparationRequestSchema, {})).toBe(true);
    expect(ok(StemSeparationRequestSchema, { model: 'vendore' })).toBe(false);
  });
});

describe('lyrics sync body', () => {
  it.each([
    ['transcribe', { type: 'transcribe', lyrics: 'la la' }, true],
    ['transcribe without lyrics', { type: 'transcribe' }, false],
    ['alignment, default keep set', { type: 'alignment', alignmentId: 'a1' }, true],
    [
      'alignment with items to keep',
      { type: 'alignment', alignmentId: 'a1', keepItemIds: ['i1'] },
      true,
    ],
    ['alignment, keeping nothing', { type: 'alignment', alignmentId: 'a1', keepItemIds: [] }, true],
    ['alignment without its id', { type: 'alignment' }, false],
    ['alignment with an empty id', { type: 'alignment', alignmentId: '' }, false],
    ['an empty item id', { type: 'alignment', alignmentId: 'a1', keepItemIds: [''] }, false],
    [
      'keepItemIds not an array',
      { type: 'alignment', alignmentId: 'a1', keepItemIds: 'i1' },
      false,
    ],
    ['alignment with lyrics', { type: 'alignment', alignmentId: 'a1', lyrics: 'x' }, false],
    ['another type', { type: 'upload', lyrics: 'x' }, false],
  ])('%s', (_, lyricsSource, expected) => {
    expect(ok(LyricsSyncRequestSchema, { lyricsSource })).toBe(expected);
  });

  it('caps keepItemIds at the most items an alignment holds', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `i${i}`);
    const body = (n: number) => ({
      lyricsSource: { type: 'alignment', alignmentId: 'a1', keepItemIds: ids(n) },
    });
    expect(ok(LyricsSyncRequestSchema, body(MAX_ALIGNMENT_ITEMS))).toBe(true);
    expect(ok(LyricsSyncRequestSchema, body(MAX_ALIGNMENT_ITEMS + 1))).toBe(false);
  });
});

describe('queries', () => {
  it.each([
    [{}, true],
    [{ page: '1', limit: '1' }, true],
    [{ page: '7', limit: '100' }, true],
    [{ page: '0' }, false],
    [{ limit: '0' }, false],
    [{ limit: '101' }, false],
    [{ page: '1.5' }, false],
    [{ page: 'two' }, false],
  ])('exports %j -> %s', (value, expected) => {
    expect(ok(ExportsQuerySchema, value)).toBe(expected);
  });

  it.each([
    ['web', true],
    ['desktop_v3', true],
    ['api', true],
    ['mobile', false],
  ])('billing manage platform %s -> %s', (platform, expected) => {
    expect(ok(BillingManageQuerySchema, { platform })).toBe(expected);
  });

  it.each([
    [{ filename: 'a.wav', contentType: 'audio/wav', contentLength: 10 }, true],
    [{ filename: '', contentType: 'audio/wav', contentLength: 10 }, false],
    [{ filename: 'a.wav', contentType: 'audio/wav', contentLength: 1.5 }, false],
    [{ filename: 'a.wav', contentType: 'audio/wav' }, false],
  ])('upload %j -> %s', (value, expected) => {
    expect(ok(UploadRequestSchema, value)).toBe(expected);
  });
});

const alignment = {
  id: 'a1',
  model: 'local',
  alignment: { items: [item({ id: 'w1' })] },
  createdAt: '2026-11-20T10:00:00.000Z',
  revision: 'r1',
  selected: true,
  selectionRevision: 's1',
  name: null,
};

describe('responses', () => {
  it('tolerate unknown extra fields (a newer service may add some) and drop them', () => {
    const parsed = AlignmentSchema.parse({
      ...alignment,
      color: 'red',
      alignment: { items: [item({ confidence: 0.9 })] },
    });
    expect(parsed.alignment.items[0]).not.toHaveProperty('confidence');
    expect(parsed).not.toHaveProperty('color');
  });

  it('are strict on the types of known fields and name the failing path', () => {
    const result = AlignmentSchema.safeParse({ ...alignment, revision: 7 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['revision']);
  });

  it('reject a timestamp that is not ISO 8601', () => {
    expect(ok(AlignmentSchema, { ...alignment, createdAt: 'yesterday' })).toBe(false);
  });

  it('fill a minimal project with empty lists', () => {
    const project = ProjectSchema.parse({ id: 'p', title: 'T' });
    expect(project.stems).toEqual([]);
    expect(project.alignments).toEqual([]);
  });

  it.each([
    ['created'],
    ['queued'],
    ['in-progress'],
    ['completed'],
    ['failed'],
    ['cancelled'],
    ['timed-out'],
    ['finalized'],
  ])('export status %s', (status) => {
    expect(ok(ExportSchema, { id: 'e', status })).toBe(true);
  });
  it('rejects an unknown export status, render mode or backend', () => {
    expect(ok(ExportSchema, { id: 'e', status: 'done' })).toBe(false);
    expect(ok(ExportSchema, { id: 'e', status: 'queued', renderMode: 'slow' })).toBe(false);
    expect(ok(ExportSchema, { id: 'e', status: 'queued', renderBackend: 'gpu' })).toBe(false);
  });

  it('rejects an unknown media type or status', () => {
    const media = {
      id: 'm',
      type: 'image',
      status: 'ready',
      createdAt: alignment.createdAt,
      updatedAt: alignment.createdAt,
    };
    expect(ok(MediaItemSchema, media)).toBe(true);
    expect(ok(MediaItemSchema, { ...media, type: 'gif' })).toBe(false);
    expect(ok(MediaItemSchema, { ...media, status: 'done' })).toBe(false);
  });

  it.each([
    [{ projectId: 'p' }, ['projectId']],
    [{ projectId: 'p', alignmentId: 'a' }, ['projectId', 'alignmentId']],
    [{ projectId: 'p', stemIds: ['s1', 's2'] }, ['projectId', 'stemIds']],
    [{ projectId: 'p', exportId: 'e' }, ['projectId', 'exportId']],
  ])('task output %j keeps its variant', (output, keys) => {
    expect(Object.keys(TaskOutputSchema.parse(output)).sort()).toEqual([...keys].sort());
  });

  it("keeps a sync's review (confidence 0..1, synced times) in both sync variants", () => {
    const review = { alignmentId: 'a', confidence: { i1: 0.2 }, synced: { i1: [1, 1.5] } };
    expect(TaskOutputSchema.parse({ projectId: 'p', alignmentId: 'a', review })).toEqual({
      projectId: 'p',
      alignmentId: 'a',
      review,
    });
    expect(TaskOutputSchema.parse({ projectId: 'p', engine: 'x', review })).toEqual({
      projectId: 'p',
      review,
    });
    // Known fields are strict: a confidence out of 0..1 is a broken response, not dropped.
    expect(
      ok(TaskOutputSchema, { projectId: 'p', review: { ...review, confidence: { i: 2 } } }),
    ).toBe(false);
  });

  it('rejects an unknown task type or status', () => {
    expect(ok(TaskSchema, { id: 't', type: 'sync-lyrics', status: 'queued' })).toBe(true);
    expect(ok(TaskSchema, { id: 't', type: 'render', status: 'queued' })).toBe(false);
    expect(ok(TaskSchema, { id: 't', type: 'sync-lyrics', status: 'running' })).toBe(false);
  });
});

describe('StyleObject defaults', () => {
  it('are the values the spec shows', () => {
    const style = defaultStyle();
    expect(style.aspectRatio).toBe('16:9');
    expect(style.layout).toMatchObject({
      type: 'karaoke',
      autoSplitLongLines: true,
      linesPerScreen: 2,
      alignment: 'bottom',
      paddingHorizontal: 0,
      paddingVertical: 5,
      languageSpacing: 5,
      containerHeight: 100,
      scrollingFadeStrength: 0.5,
      lineTransition: 'fade',
      anticipationBuffer: 3,
    });
    expect(style.background.type).toBe('auto');
    expect(style.singerTextStyles).toEqual({});
    expect(style.trim).toEqual({ startSeconds: 0, endSeconds: 0 });
    expect(style.chordTextStyle).toMatchObject({
      fontSize: 96,
      outlineWidth: 20,
      fontWeight: 700,
      fontStyle: 'normal',
      textEffect: 'karaoke',
      backgroundColor: 'transparent',
      letterSpacing: 0,
      lineSpacing: 1.2,
      textCase: 'none',
      textDirection: 'auto',
      shadowBlur: 4,
      duetPosition: 'center',
    });
    expect(style.chordTextStyle.fontSource.type).toBe('catalog');
    const o = style.overlays;
    expect(o.branding.logo).toEqual({
      enabled: false,
      position: 'bottom-right',
      paddingX: 20,
      paddingY: 20,
      scale: 0.1,
      opacity: 1,
    });
    expect(o.branding.intro).toEqual({
      enabled: false,
      durationSeconds: 0,
      effect: 'fade',
      effectDuration: 0.5,
    });
    expect(o.titleCard.titleStyle).toMatchObject({ fontSize: 200, outlineWidth: 30 });
    expect(o.titleCard.artistStyle).toMatchObject({ fontSize: 150, outlineWidth: 30 });
    expect(o.leadIn).toMatchObject({
      enabled: true,
      appearance: 'classic',
      beats: 4,
      minGap: 3,
      width: 0.2,
      fadeTailWidth: 0.6,
      height: 1,
      offsetX: -2,
      offsetY: 0,
    });
    expect(o.leadIn.style.outlineWidth).toBe(3);
    expect(o.instrumentalBreak).toEqual({ hideLyrics: true, minGap: 5, displayDuration: 3 });
    expect(o.breakCountdown).toMatchObject({
      maxDuration: 3,
      animation: 'fade',
      textSize: 80,
      hideBeforeEnd: 0,
    });
    expect(o.breakCountdown.style.outlineWidth).toBe(14.5);
    expect(o.breakProgressBar).toMatchObject({
      maxDuration: 10,
      width: 47,
      height: 7.5,
      position: 'center',
      cornerRadius: 0,
    });
    expect(o.breakProgressBar.style.outlineWidth).toBe(5);
  });

  it('project settings default the members the spec shows', () => {
    const settings = ProjectSettingsSchema.parse({ versionId: 'v1' }).settings;
    expect(settings.chordSettings).toEqual({
      displayMode: 'inline',
      notation: 'chord_simple_pop',
      transpose: 0,
      capo: 0,
      showLayer: true,
    });
    expect(settings.duetSingerFilter).toEqual({
      enabled: false,
      selectedSingerIds: [],
      includeSharedLines: true,
    });
    expect(settings.customTimeline).toMatchObject({
      version: 1,
      fps: 60,
      karaokeStartFrame: 0,
      tracks: [],
    });
  });

  it('rejects a colour that is not hex, transparent or rgba()', () => {
    expect(() =>
      ProjectSettingsSchema.parse({
        versionId: 'v',
        preset: { chordTextStyle: { textColor: 'blue' } },
      }),
    ).toThrow();
    expect(
      ProjectSettingsSchema.parse({
        versionId: 'v',
        preset: { chordTextStyle: { textColor: 'rgba(1,2,3,0.5)' } },
      }).preset.chordTextStyle.textColor,
    ).toBe('rgba(1,2,3,0.5)');
  });
});

describe('exports (issue 23)', () => {
  it.each([
    [{}, true],
    [{ resolution: '1080p', fps: 60, quality: 'high', renderMode: 'fast', audio: 'none' }, true],
    [{ transparent: true, alignmentId: 'aln_1', range: { start: 0, end: 10 } }, true],
    [{ resolution: '8k' }, false],
    [{ fps: 29.97 }, false],
    [{ quality: 'ultra' }, false],
    [{ audio: 'vocals' }, false],
    [{ range: { start: 5, end: 5 } }, false],
    [{ range: { start: -1, end: 5 } }, false],
    [{ colour: 'red' }, false],
  ])('create body %j -> %s', (value, expected) => {
    expect(ok(CreateExportSchema, value)).toBe(expected);
  });

  it('routes: create, download, cancel', () => {
    expect(routes.createExport).toMatchObject({
      method: 'POST',
      path: '/projects/{projectId}/exports',
    });
    expect(routes.getExportDownload.path).toBe('/projects/{projectId}/exports/{exportId}/download');
    expect(routes.cancelTask).toMatchObject({ method: 'POST', path: '/tasks/{taskId}/cancel' });
    expect(ok(ExportDownloadSchema, { url: 'https://x', expiresAt: '2026-01-01T00:00:00Z' })).toBe(
      true,
    );
  });

  it('a render task output keeps its progress and notes', () => {
    const out = TaskOutputSchema.parse({
      projectId: 'p',
      exportId: 'e',
      progress: 0.5,
      notes: ['n'],
    });
    expect(out).toEqual({ projectId: 'p', exportId: 'e', progress: 0.5, notes: ['n'] });
  });
});
