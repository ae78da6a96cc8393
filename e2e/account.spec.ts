import type { Account, CreditBalance } from '../src/contract';
import { api, createAccount, expect, signIn, test } from './fixtures';

test('the account page shows who is signed in, the balance, top-ups and the catalog', async ({
  page,
}) => {
  const me = await api<Account>(page, 'GET', '/me');
  const credits = await api<CreditBalance>(page, 'GET', '/credits');
  await signIn(page, undefined, '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const who = page.getByRole('region', { name: 'Signed in' });
  await expect(who).toContainText(me.email);
  await expect(who).toContainText(me.userId);
  await expect(who).toContainText(me.apiKeyId);

  const balance = page.getByRole('region', { name: 'Credits' });
  await expect(balance).toContainText(`${credits.availableBalance} credits available`);
  const topups = balance.getByRole('table', { name: 'Top-ups' });
  await expect(topups.getByRole('row')).toHaveCount(credits.topups.length + 1);
  const first = credits.topups[0];
  if (first) await expect(topups).toContainText(String(first.originalAmount));
  await expect(balance).toContainText(/Renews on/);

  const catalog = page.getByRole('region', { name: 'Plans and prices' });
  await expect(catalog).toContainText('Monthly');
  await expect(catalog).toContainText('Yearly');
  await expect(catalog).toContainText('GB per subscription unit');

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  const tab = await popup;
  await tab.waitForURL(/billing=manage&platform=web/);
  await tab.close();
});

test('a new account shows its starting balance and no top-ups; disconnecting returns to the connect screen', async ({
  page,
}) => {
  const key = createAccount(`account-${Date.now()}@test.local`);
  const credits = await api<CreditBalance>(page, 'GET', '/credits', undefined, key);
  await signIn(page, key, '/account');
  await expect(page.getByRole('region', { name: 'Credits' })).toContainText(
    `${credits.availableBalance} credits available`,
  );
  await expect(page.getByText('No top-ups.')).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
});
