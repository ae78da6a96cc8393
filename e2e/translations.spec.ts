import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AlignmentItem, Project } from '../src/contract';
import { readTimings } from '../src/formats';
import { getProject, isolatedProject } from './editor-fixtures';
import { openEditor } from './editor-page';
import { expect, shot, test } from './fixtures';

/**
 * Translations and romanizations (issue 26, ADR 0017): a TTML with a German translation and a
 * romanization is imported and shown under its lines; a language is added and typed with the
 * keyboard alone; undo and redo; saved, reloaded, still there; exported to TTML and LRC and read
 * back.
 */
const TTML = `<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="ja"><body><div>
<p begin="00:01.000" end="00:03.000"><span begin="00:01.000" end="00:02.000">君の</span> <span begin="00:02.000" end="00:03.000">色</span><span ttm:role="x-translation" xml:lang="de">Deine Farbe</span><span ttm:role="x-roman">kimi no iro</span></p>
<p begin="00:04.000" end="00:06.000"><span begin="00:04.000" end="00:05.000">Second</span> <span begin="00:05.000" end="00:06.000">line</span><span ttm:role="x-translation" xml:lang="de">Zweite Zeile</span></p>
</div></body></tt>
`;

const dir = mkdtempSync(join(tmpdir(), 'karaoke-translations-'));
const itemsOf = (project: Project) =>
  project.alignments.find((a) => a.selected)?.alignment.items ?? [];
const lineHead = (items: readonly AlignmentItem[], line: number) =>
  items.filter((x) => x.line === line).sort((a, b) => a.word - b.word || a.subword - b.subword)[0];

const translation = (page: Page, lang: string, line: number) =>
  page.getByLabel(`Translation (${lang}) of line ${line}`, { exact: true });

test.describe('translations', () => {
  test.describe.configure({ timeout: 240_000 });

  test('import a translated TTML, add a language by keyboard, undo, save, reload, export', async ({
    page,
  }, info) => {
    const { key, project } = await isolatedProject(page);
    await openEditor(page, key, project.id);

    // Import: the translation and the romanization appear under their lines.
    const path = join(dir, 'translated.ttml');
    writeFileSync(path, TTML);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import timings' }).click();
    await (await chooser).setFiles(path);
    const dialog = page.getByRole('dialog', { name: 'Import timings' });
    await expect(dialog).toContainText('Translationsde, ja-Latn');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(translation(page, 'de', 1)).toHaveValue('Deine Farbe');
    await expect(translation(page, 'ja-Latn', 1)).toHaveValue('kimi no iro');
    await expect(translation(page, 'de', 2)).toHaveValue('Zweite Zeile');
    const bar = page.getByRole('region', { name: 'Translations' });
    await expect(bar.getByLabel('Show de')).toBeChecked();

    // Hide and show a language.
    await bar.getByLabel('Show ja-Latn').uncheck();
    await expect(translation(page, 'ja-Latn', 1)).toHaveCount(0);
    await bar.getByLabel('Show ja-Latn').check();
    await expect(translation(page, 'ja-Latn', 1)).toBeVisible();

    // Keyboard alone: "/" to Find word, Shift+Tab back to "Add language" and the tag field.
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('/');
    await expect(page.getByLabel('Find word', { exact: true })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('New language tag')).toBeFocused();
    await page.keyboard.type('not a tag');
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('alert')).toContainText('Not a language tag');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('FR');
    await page.keyboard.press('Enter');
    await expect(bar.getByLabel('Show fr')).toBeChecked();
    await expect(translation(page, 'fr', 1)).toHaveValue('');
    await shot(page, info, 'editor-translation-rows');

    // On into the word list (one tab stop): Add language, Find word, Find next, the list; Home is
    // line 1's row; Enter goes into its text, Tab on to the translations.
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('button', { name: 'Add language' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Text of line 1', { exact: true })).toBeFocused();
    for (let i = 0; i < 6; i++) {
      if (await translation(page, 'fr', 1).evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(translation(page, 'fr', 1)).toBeFocused();
    await page.keyboard.type('Ta couleur');
    await page.keyboard.press('Enter');
    await expect(translation(page, 'fr', 1)).toHaveValue('Ta couleur');
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // Undo and redo from the keyboard.
    await page.keyboard.press('Control+z');
    await expect(translation(page, 'fr', 1)).toHaveValue('');
    await page.keyboard.press('Control+Shift+z');
    await expect(translation(page, 'fr', 1)).toHaveValue('Ta couleur');

    // The project names no displayLanguages ("All"): the preview shows every language under its
    // line, and a line missing one of them is a warning.
    await page.getByRole('button', { name: 'Play line 1' }).click();
    await expect(page.getByRole('region', { name: 'Karaoke preview' })).toContainText(
      '(de: Deine Farbe) (fr: Ta couleur) (ja-Latn: kimi no iro)',
    );
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('region', { name: 'Words' }).scrollIntoViewIfNeeded();
    await shot(page, info, 'editor-preview-translations');

    // Per word: the romanization becomes a reading field per word (the first word holds it).
    await bar.getByRole('button', { name: 'ja-Latn: a reading per word' }).click();
    await expect(page.getByLabel('Reading (ja-Latn) of 君の', { exact: true })).toHaveValue(
      'kimi no iro',
    );
    await expect(translation(page, 'ja-Latn', 1)).toHaveCount(0);
    await shot(page, info, 'editor-word-readings');
    await bar.getByRole('button', { name: 'ja-Latn: a reading per word' }).click();
    await expect(translation(page, 'ja-Latn', 1)).toHaveValue('kimi no iro');
    await expect(page.getByRole('region', { name: 'Problems' })).toContainText(
      'Translation missing: fr, ja-Latn',
    );

    // Find word covers translations.
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('zweite');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('search', { name: 'Find a word' })).toContainText(
      'Translation of line 2',
    );

    // Save (ctrl+s), then the service holds it, marked as typed by a person.
    await page.keyboard.press('Control+s');
    await expect(page.getByText('All changes saved')).toBeVisible();
    const stored = itemsOf(await getProject(page, key, project.id));
    expect(lineHead(stored, 0)?.translations).toEqual({
      de: { text: 'Deine Farbe' },
      'ja-Latn': { text: 'kimi no iro' },
      fr: { text: 'Ta couleur', editedManually: true },
    });

    await page.reload();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(translation(page, 'fr', 1)).toHaveValue('Ta couleur');
    await expect(translation(page, 'de', 2)).toHaveValue('Zweite Zeile');

    // Export to TTML and LRC and read them back.
    const exported = async (label: string) => {
      await page.getByRole('button', { name: 'Export timings' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: label }).click();
      return readTimings(readFileSync(await (await download).path()));
    };
    const ttml = await exported('TTML (Apple Music style)');
    expect(lineHead(ttml.items, 0)?.translations).toEqual({
      de: { text: 'Deine Farbe' },
      fr: { text: 'Ta couleur' },
      'ja-Latn': { text: 'kimi no iro' },
    });
    expect(lineHead(ttml.items, 1)?.translations).toEqual({ de: { text: 'Zweite Zeile' } });
    const lrc = await exported('LRC (line times) .lrc');
    // Said beside the button: what LRC cannot carry.
    await expect(page.getByRole('status').filter({ hasText: 'no language names' })).toBeVisible();
    expect(lineHead(lrc.items, 0)?.translations?.und?.text).toContain('Ta couleur');
    expect(lineHead(lrc.items, 1)?.translations).toEqual({ und: { text: 'Zweite Zeile' } });
  });
});
