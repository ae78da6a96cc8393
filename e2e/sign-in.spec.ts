import { api, API_KEY, expect, signIn, test } from './fixtures';

test('signs in through #key= and shows the account email', async ({ page }) => {
  const me = await api<{ email: string }>(page, 'GET', '/me');
  await signIn(page);
  await expect(page.getByText(me.email)).toBeVisible();
  // The key leaves the address bar and history.
  expect(page.url()).not.toContain('key=');
  expect(page.url()).not.toContain(API_KEY);
});

test('a wrong key is refused with a clear message and the key can be corrected', async ({
  page,
}) => {
  await page.goto('/#key=not-a-real-key');
  await expect(page.getByRole('alert')).toContainText('not accepted (401)');
  await page.getByLabel('API key').fill(API_KEY);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('sign out forgets the key', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
});

test('a second tab of a signed-in browser opens signed in; the key is handed over, never stored', async ({
  page,
  context,
}) => {
  await signIn(page);
  const projects = await api<{ id: string; title: string }[]>(page, 'GET', '/projects');
  const demo = projects.find((p) => /demo/i.test(p.title));
  if (!demo) throw new Error('no demo project');

  // A project opened in a new tab (as a middle click would): no #key=, no remembered key.
  const second = await context.newPage();
  await second.goto(`/projects/${demo.id}/tasks`);
  await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  expect(second.url()).not.toContain(API_KEY);
  const stored = await second.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: sessionStorage.getItem('karaoke.session') ?? '',
  }));
  expect(stored.local).not.toContain(API_KEY);
  expect(stored.session).toContain(API_KEY); // this tab's own session only

  // Signing out in one tab signs out the browser session: every tab.
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();

  // With no signed-in tab left, a new tab asks for the key.
  const third = await context.newPage();
  await third.goto('/');
  await expect(third.getByRole('button', { name: 'Connect' })).toBeVisible();
});
