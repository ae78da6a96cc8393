import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AlignmentItem, Project } from '../src/contract';
import { readTimings, TIMING_FORMATS, type TimingFormat } from '../src/formats';
import { groupLines, lineText } from '../src/formats/group';
import { getProject, isolatedProject } from './editor-fixtures';
import { openEditor, save, seconds } from './editor-page';
import { expect, shot, test } from './fixtures';

const lyricOrder = (items: readonly AlignmentItem[]) =>
  [...items].sort((a, b) => a.line - b.line || a.word - b.word || a.subword - b.subword);
const itemsOf = (project: Project) =>
  project.alignments.find((a) => a.selected)?.alignment.items ?? [];

const dir = mkdtempSync(join(tmpdir(), 'karaoke-import-'));
function file(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Line-timed: each word's time is spread over its line (estimated); line 4 cannot be read. */
const LRC = `[ti:Import test]
[ar:Playwright]
[00:02.00]Alpha beta gamma
this line has no time
[00:05.50]Delta epsilon
[00:08.00]
`;
/** Word-timed karaoke: \k in centiseconds, so every word's start and end is known exactly. */
const ASS = `[Script Info]
Title: Import test
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\k50}Sing {\\k70}along {\\k80}now
Comment: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\k100}ignored
Dialogue: 0,0:00:04.00,0:00:05.50,Default,,0,0,0,,{\\k60}Second {\\k90}verse
`;
const ASS_WORDS: [string, number, number][] = [
  ['Sing', 1, 1.5],
  ['along', 1.5, 2.2],
  ['now', 2.2, 3],
  ['Second', 4, 4.6],
  ['verse', 4.6, 5.5],
];

const startOf = (page: Page, text: string) =>
  page.getByLabel(`Start of ${text}`, { exact: true }).first();
const endOf = (page: Page, text: string) =>
  page.getByLabel(`End of ${text}`, { exact: true }).first();
async function expectWord(page: Page, text: string, start: number, end?: number) {
  await expect
    .poll(async () => seconds(await startOf(page, text).inputValue()))
    .toBeCloseTo(start, 3);
  if (end !== undefined)
    await expect
      .poll(async () => seconds(await endOf(page, text).inputValue()))
      .toBeCloseTo(end, 3);
}

/** Import timings -> the file chooser -> the preview dialog. */
async function chooseFile(page: Page, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import timings' }).click();
  await (await chooser).setFiles(path);
  const dialog = page.getByRole('dialog', { name: 'Import timings' });
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeEnabled();
  return dialog;
}

test.describe('timing files in the editor', () => {
  // Each test first makes its own project from the demo song (upload + a lyrics sync task).
  test.describe.configure({ timeout: 240_000 });

  test('unreadable file, then an LRC and an ASS: preview, apply, undo, redo, save, reload', async ({
    page,
  }, info) => {
    const { key, project } = await isolatedProject(page);
    const original = lyricOrder(itemsOf(project));
    const first = original[0]!;
    await openEditor(page, key, project.id);

    // A file with nothing readable: the reason in the dialog, Apply off, nothing changes.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import timings' }).click();
    await (await chooser).setFiles(file('notes.txt', 'Just a note\nwith no times at all\n'));
    let dialog = page.getByRole('dialog', { name: 'Import timings' });
    const alert = dialog.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText('Error');
    // No stack frame ("at fn (file:1:2)"); a plain " at " would be trimmed to "at" by the matcher.
    await expect(alert).not.toContainText(/\bat \S+ \(/);
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Import timings' })).toBeFocused();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expectWord(page, first.text, first.start);

    // LRC: line times only, so the words are spread over each line and marked estimated.
    dialog = await chooseFile(page, file('lines.lrc', LRC));
    await expect(dialog.getByLabel('Format')).toHaveValue('lrc');
    await expect(dialog).toContainText('lines.lrc');
    await expect(dialog).toContainText('2 lines, 5 words');
    await expect(dialog).toContainText('By line only');
    const warnings = dialog.getByRole('list', { name: '1 warning' });
    await expect(warnings).toContainText('Line 4:');
    await expect(dialog).toContainText(`replaces the ${original.length} words`);
    await shot(page, info, 'import-preview-lrc');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // Each line starts at its stamp; the words' spread is the formats module's (read here too).
    const spread = readTimings(LRC).items;
    expect(spread.map((x) => x.text)).toEqual(['Alpha', 'beta', 'gamma', 'Delta', 'epsilon']);
    expect([spread[0]!.start, spread[3]!.start]).toEqual([2, 5.5]);
    for (const x of spread) await expectWord(page, x.text, x.start, x.end);
    await expect(page.getByLabel(`Start of ${first.text}`, { exact: true })).toHaveCount(0);

    // Undo brings the alignment back, redo the import; focus is back on the button.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectWord(page, first.text, first.start);
    await expect(startOf(page, 'Alpha')).toHaveCount(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expectWord(page, 'Alpha', 2);

    // ASS over it: word times exactly as the \k tags say; the comment line is not read.
    dialog = await chooseFile(page, file('karaoke.ass', ASS));
    await expect(dialog.getByLabel('Format')).toHaveValue('ass');
    await expect(dialog).toContainText('2 lines, 5 words');
    await expect(dialog).toContainText('Word by word');
    await expect(dialog).toContainText('replaces the 5 words');
    await shot(page, info, 'import-preview-ass');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    for (const [text, start, end] of ASS_WORDS) await expectWord(page, text, start, end);
    await expect(startOf(page, 'ignored')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectWord(page, 'Alpha', 2);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expectWord(page, 'Sing', 1, 1.5);

    await save(page);
    const stored = lyricOrder(itemsOf(await getProject(page, key, project.id)));
    expect(stored.map((x) => [x.text, x.start, x.end])).toEqual(ASS_WORDS);

    await page.reload();
    // Opening reads the draft store first; on a loaded machine that alone can take a while.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('All changes saved')).toBeVisible();
    for (const [text, start, end] of ASS_WORDS) await expectWord(page, text, start, end);
  });

  test('export every format from the current draft and read each file back', async ({
    page,
    sharedProject,
  }, info) => {
    const { key, project } = sharedProject;
    const items = lyricOrder(itemsOf(project));
    await openEditor(page, key, project.id);

    // An unsaved edit: the export writes the draft, not what the service holds.
    const edited = items[1]!;
    const newStart = Math.round((edited.start + 0.05) * 1000) / 1000;
    const field = startOf(page, edited.text);
    await field.fill(newStart.toFixed(3));
    await field.press('Enter');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const draft = items.map((x) => (x === edited ? { ...x, start: newStart } : x));

    const button = page.getByRole('button', { name: 'Export timings' });
    await button.click();
    await expect(page.getByRole('menu', { name: 'Export timings as' })).toBeVisible();
    await expect(page.getByRole('menuitem')).toHaveCount(8);
    await shot(page, info, 'export-menu');
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    for (const format of TIMING_FORMATS) {
      await button.click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: format.label }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${project.title}.${format.extension}`);
      const bytes = readFileSync(await file.path());
      const back = readTimings(bytes, { fileName: file.suggestedFilename() });
      expect(back.format, `${format.id} is detected from its own export`).toBe(
        format.id === 'elrc' ? 'elrc' : format.id,
      );
      compare(format.id, draft, back.items);
      // The browser's own readers: its WebVTT parser (a <track>) and its XML parser.
      if (format.id === 'vtt') await vttInChromium(page, bytes.toString('utf8'), draft);
      if (format.id === 'ttml') await ttmlInChromium(page, bytes.toString('utf8'), draft);
    }
    // Nothing was saved by exporting.
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });
});

/** Seconds a format keeps (the round-trip precision). */
const PRECISION: Record<TimingFormat, number> = {
  lrc: 0.01,
  elrc: 0.01,
  ass: 0.01,
  ttml: 0.001,
  srt: 0.001,
  vtt: 0.001,
  ultrastar: 0.01, // one beat: the export picks a BPM fine enough for 10 ms
  json: 0,
};
/** Formats holding only line times: the words come back spread over each line. */
const LINE_TIMED: ReadonlySet<TimingFormat> = new Set(['lrc', 'srt']);

function compare(
  format: TimingFormat,
  draft: readonly AlignmentItem[],
  back: readonly AlignmentItem[],
) {
  const near = (a: number, b: number, what: string) =>
    expect(Math.abs(a - b), `${format}: ${what} ${a} vs ${b}`).toBeLessThanOrEqual(
      PRECISION[format] + 1e-6,
    );
  const mine = lyricOrder(draft);
  const theirs = lyricOrder(back);
  const text = (items: readonly AlignmentItem[]) =>
    items
      .map((x) => x.text)
      .join(' ')
      .replace(/\s+/g, ' ');
  expect(text(theirs), `${format}: the words`).toBe(text(mine));
  if (LINE_TIMED.has(format)) {
    // Line by line: each line starts with its first word and ends with its last.
    const lines = (items: readonly AlignmentItem[]) => {
      const out = new Map<number, { start: number; end: number; n: number }>();
      for (const x of items) {
        const l = out.get(x.line);
        if (!l) out.set(x.line, { start: x.start, end: x.end, n: 1 });
        else
          out.set(x.line, {
            start: Math.min(l.start, x.start),
            end: Math.max(l.end, x.end),
            n: l.n + 1,
          });
      }
      return [...out.values()];
    };
    const [a, b] = [lines(mine), lines(theirs)];
    expect(
      b.map((l) => l.n),
      `${format}: words per line`,
    ).toEqual(a.map((l) => l.n));
    a.forEach((l, i) => near(b[i]!.start, l.start, `line ${i} start`));
    return;
  }
  expect(theirs).toHaveLength(mine.length);
  mine.forEach((x, i) => {
    near(theirs[i]!.start, x.start, `start of ${x.text}`);
    near(theirs[i]!.end, x.end, `end of ${x.text}`);
  });
}

/**
 * Chromium's WebVTT parser reads the export: loaded into a <track> of a <video> from a blob URL,
 * it has one cue per lyric line with the line's times (to the ms) and words (karaoke timestamps
 * and voice tags are markup, not text), and every karaoke timestamp falls inside its cue.
 */
async function vttInChromium(page: Page, vtt: string, draft: readonly AlignmentItem[]) {
  const cues = await page.evaluate(async (text) => {
    const video = document.createElement('video');
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
    video.append(track);
    document.body.append(video);
    const loaded = new Promise<void>((resolve, reject) => {
      track.addEventListener('load', () => resolve());
      track.addEventListener('error', () => reject(new Error('the track did not load')));
    });
    track.track.mode = 'hidden';
    await loaded;
    const list = [...(track.track.cues ?? [])] as VTTCue[];
    const out = list.map((cue) => ({
      start: cue.startTime,
      end: cue.endTime,
      text: cue.getCueAsHTML().textContent ?? '',
      stamps: [...cue.text.matchAll(/<(\d\d):(\d\d):(\d\d\.\d{3})>/g)].map(
        (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
      ),
    }));
    URL.revokeObjectURL(track.src);
    video.remove();
    return out;
  }, vtt);
  const lines = groupLines(draft);
  expect(cues, 'vtt: one cue per line in Chromium').toHaveLength(lines.length);
  cues.forEach((cue, i) => {
    const line = lines[i]!;
    expect(Math.abs(cue.start - line.start), `vtt cue ${i} start`).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(cue.end - line.end), `vtt cue ${i} end`).toBeLessThanOrEqual(0.0005);
    expect(cue.text.replace(/\s+/g, ' ').trim(), `vtt cue ${i} text`).toBe(lineText(line));
    for (const t of cue.stamps) {
      expect(t, `vtt cue ${i} timestamp`).toBeGreaterThanOrEqual(cue.start);
      expect(t, `vtt cue ${i} timestamp`).toBeLessThanOrEqual(cue.end);
    }
  });
}

/**
 * The browser's XML parser reads the TTML export: well-formed, <tt> in the TTML namespace, one
 * timed <span> per item whose begin and end are the item's times (to the ms).
 */
async function ttmlInChromium(page: Page, ttml: string, draft: readonly AlignmentItem[]) {
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;
    const root = doc.documentElement;
    const ns = 'http://www.w3.org/ns/ttml';
    const spans = [...doc.getElementsByTagNameNS(ns, 'span')]
      .filter((span) => span.hasAttribute('begin'))
      .map((span) => ({
        begin: span.getAttribute('begin')!,
        end: span.getAttribute('end')!,
        text: span.textContent ?? '',
      }));
    return {
      error,
      root: root.localName,
      ns: root.namespaceURI,
      lines: doc.getElementsByTagNameNS(ns, 'p').length,
      spans,
    };
  }, ttml);
  expect(parsed.error, 'ttml: well-formed XML').toBeNull();
  expect([parsed.root, parsed.ns]).toEqual(['tt', 'http://www.w3.org/ns/ttml']);
  expect(parsed.lines).toBe(groupLines(draft).length);
  const clock = (t: string) => t.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  // Lines in time order, each line's syllables in lyric order: the writer's order.
  const words = groupLines(draft).flatMap((line) => line.words.flat());
  expect(parsed.spans.map((s) => s.text)).toEqual(words.map((x) => x.text));
  parsed.spans.forEach((span, i) => {
    expect(
      Math.abs(clock(span.begin) - words[i]!.start),
      `ttml begin of ${span.text}`,
    ).toBeLessThanOrEqual(0.0005);
    expect(
      Math.abs(clock(span.end) - words[i]!.end),
      `ttml end of ${span.text}`,
    ).toBeLessThanOrEqual(0.0005);
  });
}
