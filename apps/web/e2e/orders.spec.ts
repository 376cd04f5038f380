import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { createAccount, createTeamWithPackage, serious, signedInPage } from './support/marketplace';

const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

async function fillPayment(page: Page, cardNumber: string) {
  await page.getByLabel('Card Number').fill(cardNumber);
  await page.getByLabel('Expiry Month').selectOption('12');
  await page.getByLabel('Expiry Year').selectOption(EXPIRY_YEAR);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder Name').fill('Farah Buyer');
  await page.getByLabel('Street Address').fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State / Province').fill('CA');
  await page.getByLabel('Postal Code').fill('94105');
}

test.describe('orders', () => {
  test('a buyer pays for a package, the team starts and delivers it, the buyer accepts and reviews it; a declined card orders nothing', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const buyer = await createAccount('obuyer', 'BUYER');
    const admin = await createAccount('oadmin', 'TEAM_ADMIN');
    const shop = await createTeamWithPackage(admin.id, 49_999);

    // The buyer pays with the success card.
    const buyerPage = await signedInPage(browser, buyer.username);
    await buyerPage.goto(`/payment/${shop.packageId}`);
    await expect(buyerPage.getByRole('heading', { name: shop.title })).toBeVisible();
    const pay = buyerPage.getByRole('button', { name: 'Pay $499.99' });
    await pay.click();
    await expect(buyerPage.getByText('This field is required').first()).toBeVisible();
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);
    await fillPayment(buyerPage, '4242 4242 4242 4242');
    await pay.click();

    // The confirmation, then the order itself.
    await expect(buyerPage).toHaveURL(/\/order-confirmation\/\d+$/);
    await expect(buyerPage.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(buyerPage.getByText('Active', { exact: true })).toBeVisible();
    await expect(buyerPage.getByText(shop.teamName).first()).toBeVisible();
    expect(buyerPage.url()).not.toContain('4242');
    await buyerPage.getByRole('link', { name: 'View Order Details' }).click();
    await expect(buyerPage).toHaveURL(/\/orders\/\d+$/);
    const orderPath = new URL(buyerPage.url()).pathname;
    await expect(buyerPage.getByText('Confirmed', { exact: true }).first()).toBeVisible();
    await expect(buyerPage.getByText('Visa ending in 4242')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Cancel Order' })).toBeVisible();

    // The team admin starts the work and delivers it; the team can no longer complete it alone.
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(orderPath);
    await expect(adminPage.getByRole('heading', { name: 'Payment' })).toHaveCount(0);
    await expect(adminPage.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'Start Work' }).click();
    await expect(
      adminPage.getByText('Work started. The buyer has been told.', { exact: true }),
    ).toBeVisible();
    await expect(adminPage.getByText('In Progress', { exact: true }).first()).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'Deliver Work' }).click();
    const delivery = adminPage.getByRole('dialog', { name: 'Deliver Work' });
    await delivery.getByLabel(/Message/).fill('The landing page is live.');
    await delivery.getByRole('button', { name: 'Deliver Work' }).click();
    await expect(
      adminPage.getByText('Work delivered. The buyer has been told.', { exact: true }),
    ).toBeVisible();
    await expect(adminPage.getByText('Delivered', { exact: true }).first()).toBeVisible();

    // The buyer accepts the delivery, which completes the order.
    await buyerPage.reload();
    await buyerPage.getByRole('button', { name: 'Accept Delivery' }).click();
    await buyerPage
      .getByRole('dialog', { name: 'Accept Delivery' })
      .getByRole('button', { name: 'Yes, accept delivery' })
      .click();
    await expect(
      buyerPage.getByText('Delivery accepted. The order is completed.', { exact: true }),
    ).toBeVisible();
    await adminPage.goto('/orders');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Team Orders' })).toBeVisible();
    await expect(adminPage.getByRole('tab', { name: 'Completed (1)' })).toBeVisible();

    // The buyer rates the completed order.
    await buyerPage.reload();
    await expect(buyerPage.getByText('Completed', { exact: true }).first()).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await expect(buyerPage.getByRole('button', { name: 'Submit Review' })).toBeVisible();
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);
    await buyerPage
      .getByRole('radiogroup', { name: 'Rating' })
      .getByRole('radio', { name: '5 stars' })
      .check({
        force: true,
      });
    await buyerPage.getByLabel(/Comment/).fill('Fast, friendly and on time.');
    await buyerPage.getByRole('button', { name: 'Submit Review' }).click();
    await expect(buyerPage.getByText('Thank you for your review!', { exact: true })).toBeVisible();
    await expect(buyerPage.getByRole('heading', { name: 'Your Review' })).toBeVisible();
    await expect(buyerPage.getByText('Fast, friendly and on time.')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);

    // A declined card shows the provider's words, stays on the page and orders nothing.
    await buyerPage.goto(`/payment/${shop.packageId}`);
    await fillPayment(buyerPage, '4000 0000 0000 0002');
    await buyerPage.getByRole('button', { name: 'Pay $499.99' }).click();
    await expect(buyerPage.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(buyerPage).toHaveURL(new RegExp(`/payment/${shop.packageId}$`));
    await expect(buyerPage.getByLabel('Cardholder Name')).toHaveValue('Farah Buyer');

    await buyerPage.goto('/orders');
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(buyerPage.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(1);
    await expect(buyerPage.getByRole('tab', { name: 'Completed (1)' })).toBeVisible();
    await expect(buyerPage.getByRole('tab', { name: 'All (1)' })).toBeVisible();
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);

    // What the page showed is what is stored: one paid order, one failed payment, no card number.
    const stored = await withDatabase((client) =>
      client.query<{ status: string; payments: string }>(
        `select o.status::text as status, string_agg(p.status::text, ',' order by p.id) as payments
           from orders o join payments p on p.order_id = o.id
          where o.buyer_id = $1 group by o.id order by o.id`,
        [buyer.id],
      ),
    );
    expect(stored.rows).toEqual([
      { status: 'completed', payments: 'completed' },
      { status: 'pending', payments: 'failed' },
    ]);
  });
});
