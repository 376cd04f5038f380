import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import {
  createAccount,
  createTeamWithPackage,
  expectToast,
  serious,
  signedInPage,
} from './support/marketplace';

const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

/** A member of the team besides its admin, stored directly as an approved application would leave it. */
async function addMember(teamId: number, userId: number): Promise<void> {
  await withDatabase(async (client) => {
    await client.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'member')`, [
      teamId,
      userId,
    ]);
    await client.query(`update teams set member_count = member_count + 1 where id = $1`, [teamId]);
  });
}

/** Saves a Visa at /billing-payments; the first card saved is the default. */
async function saveCard(page: Page): Promise<void> {
  await page.goto('/billing-payments');
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByLabel('Name', { exact: true }).fill('Work Visa');
  await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Month').fill('12');
  await dialog.getByLabel('Year').fill(EXPIRY_YEAR);
  await dialog.getByLabel(/CVV/).fill('123');
  await dialog.getByRole('button', { name: 'Save Payment Method' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Buys the package with the saved default card (no card fields) and returns the order's path. */
async function buyWithSavedCard(page: Page, packageId: number, price: string): Promise<string> {
  await page.goto(`/payment/${packageId}`);
  await expect(page.getByRole('radio', { name: 'Visa ending in 4242 (default)' })).toBeChecked();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.getByLabel('Street Address').fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State / Province').fill('CA');
  await page.getByLabel('Postal Code').fill('94105');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await page.getByRole('link', { name: 'View Order Details' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  return new URL(page.url()).pathname;
}

const badge = (page: Page, label: string) => page.getByText(label, { exact: true }).first();

test.describe('money to the team', () => {
  test('a 70/30 split, a paid and accepted order, the member’s earnings and a balanced ledger', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const buyer = await createAccount('mbuyer', 'BUYER');
    const admin = await createAccount('madmin', 'TEAM_ADMIN');
    const member = await createAccount('mmember', 'SELLER');
    const judge = await createAccount('mjudge', 'GENERAL_ADMIN');
    // $499.99: the fee is $49.99 (10%, rounded down), the team's $450.00 is shared 70/30.
    const shop = await createTeamWithPackage(admin.id, 49_999);
    await addMember(shop.teamId, member.id);

    // The team admin sets the split: the Save button waits for 100.
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(`/teams/my-teams?team=${shop.teamId}`);
    await adminPage.getByRole('tab', { name: 'Payout Split' }).click();
    const split = adminPage.getByRole('form', { name: 'Payout split' });
    const adminShare = split.getByRole('spinbutton', { name: `Share of ${admin.username}` });
    const memberShare = split.getByRole('spinbutton', { name: `Share of ${member.username}` });
    await expect(adminShare).toHaveValue('100');
    await expect(memberShare).toHaveValue('0');
    await memberShare.fill('30');
    await expect(split.getByText('Total: 130%')).toBeVisible();
    await expect(split.getByText('Shares must add up to 100')).toBeVisible();
    await expect(split.getByRole('button', { name: 'Save Split' })).toBeDisabled();
    await adminShare.fill('70');
    await expect(split.getByText('Total: 100%')).toBeVisible();
    expect(serious((await new AxeBuilder({ page: adminPage }).analyze()).violations)).toEqual([]);
    await split.getByRole('button', { name: 'Save Split' }).click();
    await expectToast(adminPage, 'Payout split saved');

    // The member sees the split without a way to change it.
    const memberPage = await signedInPage(browser, member.username);
    await memberPage.goto('/teams/manage');
    await memberPage.getByRole('button', { name: `Payout Split of ${shop.teamName}` }).click();
    const shares = memberPage.getByRole('dialog').getByRole('list', { name: 'Shares' });
    await expect(shares.getByRole('listitem').filter({ hasText: member.username })).toContainText('30%');
    await expect(memberPage.getByRole('dialog').getByRole('spinbutton')).toHaveCount(0);
    await memberPage.keyboard.press('Escape');

    // The buyer pays with a saved card; the team delivers; the buyer accepts.
    const buyerPage = await signedInPage(browser, buyer.username);
    await saveCard(buyerPage);
    const orderPath = await buyWithSavedCard(buyerPage, shop.packageId, '$499.99');
    const orderId = Number(orderPath.split('/').pop());

    // While the order is held the member's share is pending.
    await memberPage.goto('/earnings');
    const row = memberPage.getByRole('row').filter({ hasText: shop.title });
    await expect(row).toContainText('30%');
    await expect(row).toContainText('$135.00');
    await expect(row).toContainText('Pending');

    await adminPage.goto(orderPath);
    await adminPage.getByRole('button', { name: 'Start Work' }).click();
    await expectToast(adminPage, 'Work started. The buyer has been told.');
    await adminPage.getByRole('button', { name: 'Deliver Work' }).click();
    const delivery = adminPage.getByRole('dialog', { name: 'Deliver Work' });
    await delivery.getByLabel(/Message/).fill('The landing page is live.');
    await delivery.getByRole('button', { name: 'Deliver Work' }).click();
    await expectToast(adminPage, 'Work delivered. The buyer has been told.');

    await expect(badge(buyerPage, 'Delivered')).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Accept Delivery' }).click();
    await buyerPage
      .getByRole('dialog', { name: 'Accept Delivery' })
      .getByRole('button', { name: 'Yes, accept delivery' })
      .click();
    await expectToast(buyerPage, 'Delivery accepted. The order is completed.');

    // The member's share is theirs now, waiting for a payout account.
    await memberPage.goto('/earnings');
    await expect(memberPage.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await expect(row).toContainText('Available');
    await expect(row).toContainText('$135.00');
    await expect(row.getByRole('link', { name: shop.title })).toHaveAttribute('href', orderPath);
    const available = memberPage
      .locator('dt')
      .filter({ hasText: /^Available$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(available).toHaveText('$135.00');
    expect(serious((await new AxeBuilder({ page: memberPage }).analyze()).violations)).toEqual([]);
    const account = memberPage.getByRole('region', { name: 'Payout account' });
    await account.getByRole('button', { name: 'Connect Payout Account' }).click();
    await expect(account.getByText('Payout account connected')).toBeVisible();

    // The general admin finds the ledger balanced from the navigation.
    const judgePage = await signedInPage(browser, judge.username);
    await judgePage.getByRole('link', { name: 'Finance', exact: true }).first().click();
    await expect(judgePage).toHaveURL(/\/admin\/finance$/);
    await expect(judgePage.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
    await expect(judgePage.getByText('Balanced', { exact: true })).toBeVisible();
    const recent = judgePage.getByRole('table', { name: 'Recent ledger transactions' });
    await expect(recent.getByRole('link', { name: `#${orderId}` }).first()).toBeVisible();
    expect(serious((await new AxeBuilder({ page: judgePage }).analyze()).violations)).toEqual([]);

    // The order completed, paid with the saved card.
    const stored = await withDatabase((client) =>
      client.query<{ status: string; saved: boolean }>(
        `select o.status::text as status, p.saved_payment_method_id is not null as saved
           from orders o join payments p on p.order_id = o.id where o.id = $1`,
        [orderId],
      ),
    );
    expect(stored.rows).toEqual([{ status: 'completed', saved: true }]);
  });
});
