import type { Page } from '@playwright/test';
import type { Project, Task } from '../src/contract';
import { createProjectFrom, LYRICS } from './editor-fixtures';
import { byStart, openEditor, seconds } from './editor-page';
import { api, createAccount, expect, signIn, test } from './fixtures';
import { pointOf } from './timeline-hook';

// Issue 13, items 5, 8 and 11: ranked snapping with a visible toggle, a project whose audio could
// not be read, and every word reachable in the word list. Real Chromium, real local service.

/** Bytes that are not audio (a fixed LCG: the test does not depend on Math.random). */
function notAudio(length = 40_000): Buffer {
  let seed = 2024;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return bytes;
}

/** A fresh account whose project was made from random bytes named song.mp3 (through the API). */
async function projectFromNotAudio(page: Page): Promise<{ key: string; project: Project }> {
  const key = createAccount(
    `no-audio-${Date.now()}-${Math.random().toString(36).slice(2)}@t.local`,
  );
  const start = await createProjectFrom(
    page,
    key,
    { bytes: notAudio(), filename: 'song.mp3', contentType: 'audio/mpeg' },
    'Not a song',
  );
  await expect
    .poll(
      async () => (await api<Task>(page, 'GET', `/tasks/${start.taskId}`, undefined, key)).status,
    )
    .toBe('failed');
  const project = await api<Project>(page, 'GET', `/projects/${start.projectId}`, undefined, key);
  return { key, project };
}

const timelineHook = (page: Page) =>
  page.evaluate(() => {
    const h = window.__timeline!;
    const canvas = document.querySelector('[role="application"]')?.getBoundingClientRect();
    return {
      onsets: h.onsets(),
      strengths: h.onsetStrengths(),
      pxPerSecond: h.timeToX(1) - h.timeToX(0),
      from: h.xToTime(0),
      to: h.xToTime(canvas?.width ?? 0),
    };
  });

test.describe('a project whose audio could not be read', () => {
  test('the project page says why, stops looking for tasks, and offers a new project', async ({
    page,
  }) => {
    const { key, project } = await projectFromNotAudio(page);
    expect(project.stems).toEqual([]);
    expect(project.task?.error).toMatch(/could not be decoded/);

    const taskLists: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/projects/${project.id}/tasks`)) taskLists.push(r.url());
    });
    await page.clock.install();
    await signIn(page, key, `/projects/${project.id}`);

    const notice = page.getByRole('region', {
      name: 'The audio of this project could not be read',
    });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('The audio could not be decoded: the file is not readable');
    await expect(notice).not.toContainText(/\bat \w+ \(/); // a sentence, not a stack
    // The editor tab offers no lyrics sync that cannot work.
    await expect(page.getByRole('heading', { name: 'Nothing to edit' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start a lyrics sync' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/failed-audio-project.png', fullPage: true });

    // No more looking for tasks: 40 s later (fake clock) not one more request for the list.
    await expect.poll(() => taskLists.length).toBeGreaterThanOrEqual(1);
    const before = taskLists.length;
    await page.clock.fastForward('00:40');
    await page.evaluate(() => fetch('/healthz').then((r) => r.status));
    expect(taskLists.length).toBe(before);

    // The tasks tab: sync and separation are off, with the reason.
    await page.getByRole('link', { name: 'Tasks', exact: true }).click();
    const sync = page.getByRole('button', { name: 'Sync lyrics…' });
    await expect(sync).toBeDisabled();
    await expect(sync).toHaveAccessibleDescription(
      /need the song's audio, which could not be read/,
    );
    await expect(page.getByRole('button', { name: 'Separate stems…' })).toBeDisabled();

    // The next step, by keyboard.
    const next = notice.getByRole('link', { name: 'New project from another file' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByRole('heading', { name: 'New project' })).toBeVisible();
  });

  test('creating one from the form ends with the reason and the next step, not "Preparing…"', async ({
    page,
  }) => {
    const key = createAccount(`no-audio-form-${Date.now()}@t.local`);
    await signIn(page, key, '/projects/new');
    const file = page.getByLabel('Audio or video file');
    await file.setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: notAudio() });
    await page.getByLabel('Lyrics').fill(LYRICS);
    await page.getByRole('button', { name: 'Create project' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'The project could not be prepared' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('The audio could not be decoded');
    // The form is usable again: no button left saying "Preparing…".
    await expect(page.getByRole('button', { name: 'Preparing…' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create project' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/failed-audio-new-project.png', fullPage: true });

    await alert.getByRole('button', { name: 'New project from another file' }).click();
    await expect(file).toBeFocused();
    await expect(page.getByText('song.mp3')).toHaveCount(0);
    await expect(page.getByLabel('Lyrics')).toHaveValue(LYRICS); // the entries are kept
  });
});

test.describe('snapping and the word list', () => {
  test('Snap sits beside the timeline, G toggles it; a 4 px drag moves a word 4 px, Alt bypasses', async ({
    page,
    sharedProject,
  }) => {
    const { key, project } = sharedProject;
    const items = byStart(project.alignments[0]?.alignment.items ?? []);
    await openEditor(page, key, project.id);

    const timeline = page.getByRole('region', { name: 'Timeline' });
    const snap = timeline.getByRole('checkbox', { name: 'Snap' });
    await expect(snap).toBeVisible();
    await expect(snap).toBeChecked();
    await expect(snap).toHaveAttribute('aria-keyshortcuts', 'g');
    await page.locator('.timeline-bar').screenshot({ path: 'test-results/snap-toggle.png' });

    // G from the timeline toggles it, and says so.
    await page.getByRole('application').focus();
    await page.keyboard.press('g');
    await expect(snap).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Snapping off' })).toBeVisible();
    await page.keyboard.press('g');
    await expect(snap).toBeChecked();
    // The help lists the key and the Alt bypass.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help.getByRole('row', { name: /Snapping on \/ off \(or hold Alt/ })).toBeVisible();
    await expect(help.getByRole('row', { name: /Find a word/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // Once the onsets are in: a word on screen with no word edge (nor the playhead) within 12 px
    // and no strong onset within 6 px of where its edges land moves by exactly the 4 px dragged
    // (weak onsets are no targets at this zoom). Touching neighbours' edges no longer hold it.
    await expect.poll(async () => (await timelineHook(page)).onsets.length).toBeGreaterThan(5);
    const dx = 4;
    /** The first word that starts at or after this one's end. */
    const nextAfter = (w: (typeof items)[number]) => items.find((o) => o !== w && o.start >= w.end);
    /** A word on screen with room around it in this view, if any. */
    const roomyWord = (view: Awaited<ReturnType<typeof timelineHook>>) => {
      const { pxPerSecond, from, to } = view;
      const strong = view.onsets.filter((_, i) => (view.strengths[i] ?? 1) > 0.6);
      const d = dx / pxPerSecond;
      const far = (t: number, set: readonly number[], px: number) =>
        set.every((x) => Math.abs(x - t) * pxPerSecond > px + 0.5);
      return items.find((w, i) => {
        if (i === 0 || w.end - w.start < 0.2 || w.start < from + 1 || w.end > to - 1) return false;
        const edges = items
          .filter((_, j) => j !== i)
          .flatMap((o) => [o.start, o.end])
          .filter((x) => x !== w.start && x !== w.end)
          .concat([0]); // the playhead
        const next = nextAfter(w);
        return (
          next !== undefined &&
          (next.start - (w.end + d)) * pxPerSecond >= 20 &&
          [w.start + d, w.end + d].every((t) => far(t, edges, 12) && far(t, strong, 6))
        );
      });
    };
    // The editor opens on the first words at a zoom fitted to the canvas's first measured width,
    // which a busy machine may measure before the layout settles: another zoom, so other words on
    // screen and other room around them. Where none has room, look at other views by keyboard:
    // zoom in (+, a 1.5 step) from the opening view, then from the whole song (0), always below the
    // zoom where weak onsets become targets.
    const zoom = async (key: '+' | '0') => {
      const before = await timelineHook(page);
      await page.getByRole('application').focus();
      await page.keyboard.press(key);
      await expect
        .poll(async () => {
          const now = await timelineHook(page);
          return now.pxPerSecond !== before.pxPerSecond || now.from !== before.from;
        })
        .toBe(true);
      return timelineHook(page);
    };
    let view = await timelineHook(page);
    let word = roomyWord(view);
    for (const start of ['opening', 'whole song'] as const) {
      if (start === 'whole song' && !word) {
        view = await zoom('0');
        word = roomyWord(view);
      }
      while (!word && view.pxPerSecond * 1.5 < 240) {
        view = await zoom('+');
        word = roomyWord(view);
      }
    }
    const { onsets, strengths, pxPerSecond } = view;
    expect(strengths).toHaveLength(onsets.length);
    expect(pxPerSecond).toBeLessThan(240);
    const strong = onsets.filter((_, i) => (strengths[i] ?? 1) > 0.6);
    expect(strong.length).toBeLessThan(onsets.length);
    const d = dx / pxPerSecond;
    if (!word) throw new Error('no word on screen with room around it');
    const startShown = page
      .locator('[role="listitem"]')
      .filter({ has: page.getByLabel(`Text of ${word.text}`, { exact: true }) })
      .getByLabel(`Start of ${word.text}`, { exact: true });
    const shows = (t: number) =>
      expect
        .poll(async () => {
          const values = (
            await startShown.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))
          ).map(seconds);
          return values.some((v) => Math.abs(v - t) <= 0.002);
        })
        .toBe(true);
    /** Drags the word's body by `px` (two steps: past the 3 px drag threshold, then the rest). */
    const dragBy = async (px: number, alt = false) => {
      const point = (await pointOf(page, word.id ?? ''))!;
      await page.mouse.move(point.x, point.y);
      if (alt) await page.keyboard.down('Alt');
      await page.mouse.down();
      await page.mouse.move(point.x + px / 2, point.y);
      await page.mouse.move(point.x + px, point.y);
      await page.mouse.up();
      if (alt) await page.keyboard.up('Alt');
    };
    await dragBy(dx);
    await shows(word.start + d);

    // Alt held: the end stops 5 px before the next word's start, where it would snap.
    const next = nextAfter(word)!;
    const toNext = (next.start - (word.end + d)) * pxPerSecond - 5;
    await dragBy(toNext, true);
    const altStart = word.start + d + toNext / pxPerSecond;
    await shows(altStart);
    // Without Alt, 4 px more lands the end exactly on the next word's start (1 px away).
    await dragBy(4);
    await shows(next.start - (word.end - word.start));
  });

  test('every word is reachable: End in the list, and Find word focuses and names any word', async ({
    page,
    sharedProject,
  }) => {
    const { key, project } = sharedProject;
    const items = [...(project.alignments[0]?.alignment.items ?? [])].sort(
      (a, b) => a.line - b.line || a.word - b.word || a.subword - b.subword,
    );
    await openEditor(page, key, project.id);

    // The list is one tab stop: its active row, then End lands on the very last row.
    const list = page.getByRole('list', { name: 'Lines and words' });
    await list.locator('[role="listitem"][tabindex="0"]').focus();
    await page.keyboard.press('End');
    const focused = page.locator('[role="listitem"]:focus');
    await expect(focused).toHaveCount(1);
    const setSize = await focused.getAttribute('aria-setsize');
    await expect(focused).toHaveAttribute('aria-posinset', setSize ?? '');
    const last = items.at(-1)!;
    await expect(focused.getByLabel(`Text of ${last.text}`, { exact: true })).toBeVisible();

    // "/" goes to Find word; Enter focuses the word found and a status names it.
    await page.keyboard.press('Home');
    await expect(focused).toHaveAttribute('aria-posinset', '1');
    await page.keyboard.press('/');
    const find = page.getByRole('searchbox', { name: 'Find word' });
    await expect(find).toBeFocused();
    const target = items[items.length - 3]!;
    await page.keyboard.type(target.text.toUpperCase());
    await page.keyboard.press('Enter');
    await expect(focused.getByLabel(`Text of ${target.text}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /match \d+ of \d+\.$/ })).toContainText(
      `${target.text}, `,
    );
    // The timeline selected it too.
    await expect(focused).toContainText('selected');
    await page.screenshot({ path: 'test-results/editor-find-word.png' });
  });
});
