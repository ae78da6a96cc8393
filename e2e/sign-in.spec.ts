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
