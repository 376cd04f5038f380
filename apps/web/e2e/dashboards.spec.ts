import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { createAccount, createTeamWithPackage, serious, signInToDashboard } from './support/marketplace';

/** Each role's dashboard lists what waits for them, and one item leads to where it is handled. */

const REASON = 'I have led two delivery teams for three years and would like to run one here.';

async function expectCleanPage(page: Page) {
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  // Named when it fails: the elements that reach past the right edge.
  const wider = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > edge + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 160));
  });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, wider.join(' | ')).toBeLessThanOrEqual(0);
}

async function confirmedOrder(buyerId: number, item: { teamId: number; packageId: number }): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, confirmed_at, due_at)
       values ($1, $2, $3, 'confirmed', 25000, now(), now() + interval '7 days') returning id`,
      [buyerId, item.packageId, item.teamId],
    );
    // No payment row: a completed payment without its ledger entries would leave the shared e2e
    // database's ledger unbalanced for the journeys after this one (money.spec checks it).
    const id = rows[0]!.id;
    return id;
  });
}

async function pendingApplication(teamId: number, userId: number) {
  await withDatabase((client) =>
    client.query(
      `insert into team_applications (team_id, user_id, application_message) values ($1, $2, 'Hello')`,
      [teamId, userId],
    ),
  );
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`dashboards at ${viewport.width}px`, () => {
    test.use({ viewport });
    // Each signs in, runs axe and follows a link on a machine shared with other builds.
    test.beforeEach(() => test.slow());

    test('a buyer sees their active order and opens it', async ({ page }) => {
      const admin = await createAccount('dash_admin', 'TEAM_ADMIN');
      const buyer = await createAccount('dash_buyer', 'BUYER');
      const item = await createTeamWithPackage(admin.id, 25_000);
      const orderId = await confirmedOrder(buyer.id, item);
      await signInToDashboard(page, buyer.username);
      const section = page.getByRole('region', { name: 'Active orders' });
      const link = section.getByRole('link', { name: new RegExp(item.title) });
      await expect(link).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Deliveries waiting for your acceptance' }),
      ).toContainText('Nothing is waiting for your acceptance.');
      await expectCleanPage(page);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    });

    test('a team admin sees the order to start and the pending application, and opens the application', async ({
      page,
    }) => {
      const admin = await createAccount('dash_admin', 'TEAM_ADMIN');
      const buyer = await createAccount('dash_buyer', 'BUYER');
      const seller = await createAccount('dash_seller', 'SELLER');
      const item = await createTeamWithPackage(admin.id, 25_000);
      await confirmedOrder(buyer.id, item);
      await pendingApplication(item.teamId, seller.id);
      await signInToDashboard(page, admin.username);
      await expect(
        page
          .getByRole('region', { name: 'Orders to start' })
          .getByRole('link', { name: new RegExp(item.title) }),
      ).toBeVisible();
      // Verified: nothing left to apply for.
      await expect(page.getByRole('region', { name: 'Team Admin application' })).toHaveCount(0);
      const application = page
        .getByRole('region', { name: 'Pending applications' })
        .getByRole('link', { name: new RegExp(seller.username) });
      await expect(application).toBeVisible();
      await expectCleanPage(page);
      await application.click();
      await expect(page).toHaveURL(/\/teams\/manage/);
    });

    test('a seller sees their application and opens it', async ({ page }) => {
      const admin = await createAccount('dash_admin', 'TEAM_ADMIN');
      const seller = await createAccount('dash_seller', 'SELLER');
      const item = await createTeamWithPackage(admin.id, 25_000);
      await pendingApplication(item.teamId, seller.id);
      await signInToDashboard(page, seller.username);
      const application = page
        .getByRole('region', { name: 'My applications' })
        .getByRole('link', { name: new RegExp(item.teamName) });
      await expect(application).toContainText('Pending');
      await expect(page.getByRole('region', { name: 'My teams' })).toContainText('Browse teams');
      await expect(page.getByRole('region', { name: 'Team Admin application' })).toBeVisible();
      await expectCleanPage(page);
      await application.click();
      await expect(page).toHaveURL(/\/teams\/my-teams$/);
    });

    test('a general admin sees the pending verifications and opens them', async ({ page }) => {
      const generalAdmin = await createAccount('dash_general', 'GENERAL_ADMIN');
      const seller = await createAccount('dash_seller', 'SELLER');
      await withDatabase((client) =>
        client.query(
          `insert into verification_requests (user_id, "current_role", requested_role, request_message)
           values ($1, 'SELLER', 'TEAM_ADMIN', $2)`,
          [seller.id, REASON],
        ),
      );
      await signInToDashboard(page, generalAdmin.username);
      const section = page.getByRole('region', { name: 'Pending verifications' });
      await expect(section.getByRole('link').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Open disputes' })).toBeVisible();
      await expectCleanPage(page);
      await section.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/admin\/verifications$/);
    });
  });
}
