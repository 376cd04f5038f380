import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { createAccount, serious, signedInPage } from './support/marketplace';

async function addCard(page: Page, name: string, cardNumber: string) {
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Card Number').fill(cardNumber);
  await dialog.getByLabel('Month').fill('12');
  await dialog.getByLabel('Year').fill('2031');
  await dialog.getByLabel(/CVV/).fill('123');
  await dialog.getByRole('button', { name: 'Save Payment Method' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('billing and payments', () => {
  test('a user adds card methods, moves the default and deletes one after confirming', async ({
    browser,
  }) => {
    const user = await createAccount('bbuyer', 'BUYER');
    const page = await signedInPage(browser, user.username);
    await page.goto('/billing-payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing & Payments' })).toBeVisible();
    await expect(page.getByText('No saved payment methods yet')).toBeVisible();
    await expect(page.getByText('No payments yet')).toBeVisible();

    // The form refuses a month past 12 and a year before 2024.
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    await dialog.getByLabel('Name', { exact: true }).fill('Broken Card');
    await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Month').fill('13');
    await dialog.getByLabel('Year').fill('2023');
    await dialog.getByRole('button', { name: 'Save Payment Method' }).click();
    await expect(dialog.getByText('Month must be between 1 and 12')).toBeVisible();
    await expect(dialog.getByText('Year must be 2024 or later')).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addCard(page, 'Work Visa', '4242 4242 4242 4242');
    await addCard(page, 'Backup Mastercard', '5555 5555 5555 4444');
    const methods = page.getByRole('list', { name: 'Saved payment methods' });
    const visa = methods.getByRole('listitem').filter({ hasText: 'Work Visa' });
    const mastercard = methods.getByRole('listitem').filter({ hasText: 'Backup Mastercard' });
    await expect(visa).toContainText('Visa •••• 4242');
    await expect(visa).toContainText('Expires 12/2031');
    await expect(mastercard).toContainText('Mastercard •••• 4444');
    // The first method saved becomes the default.
    await expect(visa.getByText('Default', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Set Backup Mastercard as default' }).click();
    await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
    await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Work Visa' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Payment Method' });
    await expect(confirm).toContainText('Are you sure you want to delete "Work Visa"?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(visa).toBeVisible();
    await page.getByRole('button', { name: 'Delete Work Visa' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Payment method deleted', { exact: true })).toBeVisible();
    await expect(visa).toHaveCount(0);

    // Only the brand and last four were stored.
    const stored = await withDatabase((client) =>
      client.query<{ name: string; last_four: string; is_default: boolean }>(
        `select name, last_four, is_default from saved_payment_methods where user_id = $1`,
        [user.id],
      ),
    );
    expect(stored.rows).toEqual([{ name: 'Backup Mastercard', last_four: '4444', is_default: true }]);
  });
});
