import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { createAccount, createTeamWithPackage, serious, signedInPage } from './support/marketplace';

const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

/** Buys the package with the success card and returns the path of the order's page. */
async function buy(page: Page, packageId: number, price: string): Promise<string> {
  await page.goto(`/payment/${packageId}`);
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry Month').selectOption('12');
  await page.getByLabel('Expiry Year').selectOption(EXPIRY_YEAR);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder Name').fill('Farah Buyer');
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

async function startWork(page: Page, orderPath: string) {
  await page.goto(orderPath);
  await page.getByRole('button', { name: 'Start Work' }).click();
  await expect(page.getByText('Work started. The buyer has been told.', { exact: true })).toBeVisible();
}

async function deliver(page: Page, message: string, file?: { name: string; text: string }) {
  await page.getByRole('button', { name: 'Deliver Work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deliver Work' });
  await dialog.getByLabel(/Message/).fill(message);
  if (file) {
    await dialog.getByLabel(/Files/).setInputFiles({
      name: file.name,
      mimeType: 'text/plain',
      buffer: Buffer.from(file.text),
    });
    await expect(dialog.getByRole('list', { name: 'Files to deliver' })).toContainText(file.name);
  }
  await dialog.getByRole('button', { name: 'Deliver Work' }).click();
  // The newest toast: the first delivery's may still be on screen when the second is sent.
  await expect(
    page.getByText('Work delivered. The buyer has been told.', { exact: true }).last(),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

const badge = (page: Page, label: string) => page.getByText(label, { exact: true }).first();

test.describe('delivery, revisions, acceptance and disputes', () => {
  test('the team delivers with a file, the buyer asks for a revision, the team delivers again, the buyer accepts and reviews', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const buyer = await createAccount('dbuyer', 'BUYER');
    const admin = await createAccount('dadmin', 'TEAM_ADMIN');
    const shop = await createTeamWithPackage(admin.id, 49_999);

    const buyerPage = await signedInPage(browser, buyer.username);
    const orderPath = await buy(buyerPage, shop.packageId, '$499.99');
    await expect(buyerPage.getByText('Due in 7 days')).toBeVisible();

    // The team starts and delivers a file; the buyer's open page follows without a reload.
    const teamPage = await signedInPage(browser, admin.username);
    await startWork(teamPage, orderPath);
    await expect(badge(buyerPage, 'In Progress')).toBeVisible();
    await deliver(teamPage, 'The first version of the landing page.', {
      name: 'landing-page.txt',
      text: 'The landing page, version one.',
    });
    await expect(
      teamPage
        .getByRole('list', { name: 'Deliveries' })
        .getByRole('button', { name: 'Download landing-page.txt' }),
    ).toBeVisible();

    await expect(badge(buyerPage, 'Delivered')).toBeVisible();
    await expect(buyerPage.getByRole('note')).toContainText('will be completed automatically on');

    // The buyer's bell tells of both steps without a reload; opening the delivery marks it read.
    const bell = buyerPage.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const deliveredNotice = buyerPage.getByRole('menuitem', {
      name: new RegExp(`${admin.username} delivered ${shop.title}`),
    });
    await expect(deliveredNotice).toHaveAttribute('href', orderPath);
    await expect(buyerPage.getByRole('menuitem', { name: /started work on the order/ })).toBeVisible();
    await deliveredNotice.click();
    await expect(buyerPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await expect(buyerPage).toHaveURL(new RegExp(`${orderPath}$`));
    const deliveries = buyerPage.getByRole('list', { name: 'Deliveries' });
    await expect(deliveries).toContainText('The first version of the landing page.');
    const download = buyerPage.waitForEvent('download');
    await deliveries.getByRole('button', { name: 'Download landing-page.txt' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('landing-page.txt');
    expect(await readFile(await saved.path(), 'utf8')).toBe('The landing page, version one.');

    // The buyer sends it back with what to change.
    await buyerPage.getByRole('button', { name: 'Request Revision' }).click();
    const revision = buyerPage.getByRole('dialog', { name: 'Request Revision' });
    await expect(revision).toContainText('1 of 1 revision left.');
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);
    await revision.getByLabel(/What should change/).fill('Short');
    await revision.getByRole('button', { name: 'Request Revision' }).click();
    await expect(revision.getByText('Message must be at least 10 characters')).toBeVisible();
    await revision.getByLabel(/What should change/).fill('Please make the header sticky.');
    await revision.getByRole('button', { name: 'Request Revision' }).click();
    await expect(
      buyerPage.getByText('Revision requested. The team has been told.', { exact: true }),
    ).toBeVisible();
    await expect(badge(buyerPage, 'In Progress')).toBeVisible();

    // The team sees the request live, and delivers again.
    await expect(badge(teamPage, 'In Progress')).toBeVisible();
    await expect(teamPage.getByRole('list', { name: 'Order events' })).toContainText(
      'Please make the header sticky.',
    );
    await deliver(teamPage, 'The header is sticky now.');

    // No revision is left: the buyer accepts, then reviews.
    await expect(badge(buyerPage, 'Delivered')).toBeVisible();
    await expect(buyerPage.getByText('No revisions left.')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Request Revision' })).toHaveCount(0);
    await expect(
      buyerPage
        .getByRole('list', { name: 'Deliveries' })
        .getByRole('listitem')
        .filter({ hasText: /^Delivery #/ }),
    ).toHaveCount(2);
    await buyerPage.getByRole('button', { name: 'Accept Delivery' }).click();
    await buyerPage
      .getByRole('dialog', { name: 'Accept Delivery' })
      .getByRole('button', { name: 'Yes, accept delivery' })
      .click();
    await expect(
      buyerPage.getByText('Delivery accepted. The order is completed.', { exact: true }),
    ).toBeVisible();
    await expect(badge(buyerPage, 'Completed')).toBeVisible();
    await buyerPage
      .getByRole('radiogroup', { name: 'Rating' })
      .getByRole('radio', { name: '5 stars' })
      .check({ force: true });
    await buyerPage.getByLabel(/Comment/).fill('Quick to change what I asked.');
    await buyerPage.getByRole('button', { name: 'Submit Review' }).click();
    await expect(buyerPage.getByText('Thank you for your review!', { exact: true })).toBeVisible();
    await expect(badge(teamPage, 'Completed')).toBeVisible();

    const history = buyerPage.getByRole('list', { name: 'Order events' });
    for (const line of ['Work started', 'Work delivered', 'Revision requested', 'Delivery accepted']) {
      await expect(history).toContainText(line);
    }
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);

    await buyerPage.goto('/orders');
    await expect(buyerPage.getByRole('tab', { name: 'Completed (1)' })).toBeVisible();

    const orderId = Number(orderPath.split('/').pop());
    const stored = await withDatabase((client) =>
      client.query<{ status: string; revisions_used: number; deliveries: string }>(
        `select o.status::text as status, o.revisions_used,
                (select count(*) from deliveries d where d.order_id = o.id)::text as deliveries
           from orders o where o.id = $1`,
        [orderId],
      ),
    );
    expect(stored.rows).toEqual([{ status: 'completed', revisions_used: 1, deliveries: '2' }]);
  });

  test('a dispute resolved by a general admin with a partial refund, both sides seeing the outcome', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const buyer = await createAccount('sbuyer', 'BUYER');
    const admin = await createAccount('sadmin', 'TEAM_ADMIN');
    const judge = await createAccount('sjudge', 'GENERAL_ADMIN');
    const shop = await createTeamWithPackage(admin.id, 49_999);
    // What the buyer and the team said before the order, in their conversation.
    await withDatabase(async (client) => {
      const room = await client.query<{ id: number }>(
        'insert into chat_rooms (team_id, buyer_id) values ($1, $2) returning id',
        [shop.teamId, buyer.id],
      );
      await client.query(
        `insert into chat_messages (chat_room_id, sender_user_id, message_text)
         values ($1, $2, 'Six sections, as we agreed?'), ($1, $3, 'Yes, all six sections.')`,
        [room.rows[0]!.id, buyer.id, admin.id],
      );
    });

    const buyerPage = await signedInPage(browser, buyer.username);
    const orderPath = await buy(buyerPage, shop.packageId, '$499.99');
    const orderId = Number(orderPath.split('/').pop());
    const teamPage = await signedInPage(browser, admin.username);
    await startWork(teamPage, orderPath);
    await deliver(teamPage, 'Here is the landing page.');

    // The buyer disputes the delivery.
    await expect(badge(buyerPage, 'Delivered')).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Open Dispute' }).click();
    const opening = buyerPage.getByRole('dialog', { name: 'Open Dispute' });
    await opening.getByLabel(/Reason/).selectOption({ label: 'Poor quality' });
    await opening.getByLabel(/Details/).fill('Half of the agreed sections are missing.');
    await opening.getByRole('button', { name: 'Open Dispute' }).click();
    await expect(
      buyerPage.getByText('Dispute opened. A general admin will review it.', { exact: true }),
    ).toBeVisible();
    await expect(badge(buyerPage, 'In Dispute')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Accept Delivery' })).toHaveCount(0);
    await expect(badge(teamPage, 'In Dispute')).toBeVisible();
    await expect(teamPage.getByRole('region', { name: /Dispute/ })).toContainText('Poor quality');

    // The general admin finds it from the navigation and decides a partial refund.
    const judgePage = await signedInPage(browser, judge.username);
    await judgePage.getByRole('link', { name: 'Disputes', exact: true }).first().click();
    await expect(judgePage).toHaveURL(/\/admin\/disputes$/);
    const open = judgePage.getByRole('list', { name: 'Open disputes' });
    await open.getByRole('link', { name: `Review the dispute of order #${orderId}` }).click();
    await expect(
      judgePage.getByText('Half of the agreed sections are missing.', { exact: true }),
    ).toBeVisible();
    await expect(judgePage.getByRole('list', { name: 'Deliveries' })).toContainText(
      'Here is the landing page.',
    );
    await expect(judgePage.getByRole('link', { name: 'Open Order' })).toHaveAttribute('href', orderPath);

    // The admin reads what the two agreed in their conversation, and cannot write in it.
    await judgePage.getByRole('link', { name: 'View conversation' }).click();
    const transcript = judgePage.getByRole('list', { name: 'Conversation' });
    await expect(transcript.getByRole('listitem')).toHaveCount(2);
    await expect(transcript.getByRole('listitem').first()).toContainText('Six sections, as we agreed?');
    await expect(transcript.getByRole('listitem').last()).toContainText('Yes, all six sections.');
    await expect(judgePage.getByRole('textbox')).toHaveCount(0);
    expect(serious((await new AxeBuilder({ page: judgePage }).analyze()).violations)).toEqual([]);
    await judgePage.getByRole('link', { name: 'Back to Dispute' }).click();
    const resolve = judgePage.getByRole('form', { name: 'Resolve the dispute' });
    await resolve.getByRole('radio', { name: /Partial refund/ }).check();
    await resolve.getByLabel(/Refund amount/).fill('499.99');
    await resolve.getByLabel(/Message to both sides/).fill('Half of the sections were delivered.');
    await resolve.getByRole('button', { name: 'Resolve Dispute' }).click();
    await expect(
      resolve.getByText('The refund amount must be greater than 0 and less than the order total'),
    ).toBeVisible();
    await resolve.getByLabel(/Refund amount/).fill('150');
    expect(serious((await new AxeBuilder({ page: judgePage }).analyze()).violations)).toEqual([]);
    await resolve.getByRole('button', { name: 'Resolve Dispute' }).click();
    const confirm = judgePage.getByRole('dialog', { name: 'Resolve Dispute' });
    await expect(confirm).toContainText('Refund $150.00 of $499.99');
    await confirm.getByRole('button', { name: 'Yes, resolve' }).click();
    await expect(
      judgePage.getByText('Dispute resolved. Both sides have been told.', { exact: true }),
    ).toBeVisible();
    await expect(judgePage.getByRole('form', { name: 'Resolve the dispute' })).toHaveCount(0);
    await judgePage.goto('/admin/disputes');
    await judgePage.getByRole('tab', { name: 'Resolved' }).click();
    await expect(judgePage.getByRole('list', { name: 'Resolved disputes' })).toContainText(
      `Order #${orderId}`,
    );

    // Both sides read the decision, live.
    for (const page of [buyerPage, teamPage]) {
      await expect(badge(page, 'Completed')).toBeVisible();
      const dispute = page.getByRole('region', { name: /Dispute/ });
      await expect(dispute).toContainText('Resolved');
      await expect(dispute).toContainText('Partial refund of $150.00');
      await expect(dispute).toContainText('Half of the sections were delivered.');
    }

    const stored = await withDatabase((client) =>
      client.query<{ status: string }>(`select status::text as status from orders where id = $1`, [orderId]),
    );
    expect(stored.rows).toEqual([{ status: 'completed' }]);
  });
});
