import type { Page } from '@playwright/test';
import type { AlignmentItem, Project } from '../src/contract';
import type { IsolatedProject } from './editor-fixtures';
import { expect, signIn } from './fixtures';

/** Reading the editor page: what several specs ask of it. */

/** The word list shows m:ss.mmm: the seconds of such a text. */
export const seconds = (text: string) =>
  text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

export const byStart = (items: readonly AlignmentItem[]) =>
  [...items].sort((a, b) => a.start - b.start);

/** The items of the project's selected alignment, by start. */
export const activeItems = (project: Project) =>
  byStart(project.alignments.find((a) => a.selected)?.alignment.items ?? []);

/** A word's start field (words may repeat: the first row with that text). */
export const startField = (page: Page, word: Pick<AlignmentItem, 'text'>) =>
  page.getByLabel(`Start of ${word.text}`, { exact: true }).first();

/** Types a word's start (seconds) in its field and commits it: the edit is then unsaved. */
export async function typeStart(page: Page, word: Pick<AlignmentItem, 'text'>, value: number) {
  const field = startField(page, word);
  await field.fill(value.toFixed(3));
  await field.press('Enter');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
}

/** Presses Save and waits until everything is saved. */
export async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
}

/**
 * Signs in on the project's editor (an alignment of it when named), accepting confirm dialogs,
 * and waits for its Save button. Opening restores drafts from IndexedDB first: slow while the
 * shared machine is busy, hence the long wait.
 */
export async function openEditor(
  page: Page,
  key: string,
  projectId: string,
  alignmentId?: string,
): Promise<void> {
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(
    page,
    key,
    `/projects/${projectId}${alignmentId ? `?alignment=${alignmentId}` : ''}`,
  );
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible({
    timeout: 45_000,
  });
}

/** Opens the editor on a project (the shared one, say); returns its active words by start. */
export async function openWords(page: Page, { key, project }: IsolatedProject) {
  await openEditor(page, key, project.id);
  return activeItems(project);
}
