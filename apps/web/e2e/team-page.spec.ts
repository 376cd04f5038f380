import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { createAccount, createTeam, newUsername, serious } from './support/marketplace';

/** The two sizes the product is tried at: a laptop and a phone. */
const SIZES = [
  ['1440×900', { width: 1440, height: 900 }],
  ['390×844', { width: 390, height: 844 }],
] as const;

/** How long a page may take to arrive on two cores shared with other work. */
const ARRIVAL = { timeout: 30_000 };

interface World {
  teamId: number;
  teamName: string;
  packageId: number;
  title: string;
}

/**
 * A team with a record: one order delivered a day early and completed, reviewed with five stars; one
 * conversation the team answered five minutes after the buyer's first message.
 */
async function teamWithRecord(): Promise<World> {
  const admin = await createAccount('teampage_admin', 'TEAM_ADMIN');
  const buyer = await createAccount('teampage_buyer', 'BUYER');
  const teamName = newUsername('Record Crew');
  const teamId = await createTeam(admin.id, teamName, { findable: true });
  const title = `Storefront Sprint ${newUsername('p')}`;
  const packageId = await withDatabase(async (client) => {
    const item = await client.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, $2, 'A storefront designed, built and launched in two weeks.', 120000, 14, 'shop,react', 'published')
       returning id`,
      [teamId, title],
    );
    const id = item.rows[0]!.id;
    const order = await client.query<{ id: number }>(
      `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, confirmed_at, due_at, completed_at)
       values ($1, $2, $3, 'completed', 120000, now() - interval '20 days', now() - interval '6 days', now() - interval '2 days')
       returning id`,
      [buyer.id, id, teamId],
    );
    const orderId = order.rows[0]!.id;
    await client.query(
      `insert into deliveries (order_id, author_id, message, created_at) values ($1, $2, 'Here it is', now() - interval '7 days')`,
      [orderId, admin.id],
    );
    await client.query(
      `insert into reviews (order_id, buyer_id, team_id, service_package_id, rating, comment)
       values ($1, $2, $3, $4, 5, 'Delivered a day early and it sells.')`,
      [orderId, buyer.id, teamId, id],
    );
    const room = await client.query<{ id: number }>(
      'insert into chat_rooms (team_id, buyer_id) values ($1, $2) returning id',
      [teamId, buyer.id],
    );
    await client.query(
      `insert into chat_messages (chat_room_id, sender_user_id, message_text, created_at) values
         ($1, $2, 'Can you build a shop?', now() - interval '30 days'),
         ($1, $3, 'Yes, gladly.', now() - interval '30 days' + interval '5 minutes')`,
      [room.rows[0]!.id, buyer.id, admin.id],
    );
    return id;
  });
  return { teamId, teamName, packageId, title };
}

let world: World;
const openContexts: BrowserContext[] = [];

test.beforeAll(async () => {
  world = await teamWithRecord();
});

test.afterAll(async () => {
  await Promise.all(openContexts.map((context) => context.close()));
});

async function pageAt(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  openContexts.push(context);
  return context.newPage();
}

for (const [size, viewport] of SIZES) {
  test(`from a package to its team's page at ${size}: figures, packages, reviews`, async ({ browser }) => {
    // Two pages, each waiting on its data, and an axe scan: more than the default on a shared machine.
    test.slow();
    const page = await pageAt(browser, viewport);
    await page.goto(`/service-package/${world.packageId}`);
    // A pre-rendered page: the app (and with it the data) comes after the first paint.
    await expect(page.getByRole('heading', { level: 1, name: world.title })).toBeVisible(ARRIVAL);
    await page.getByRole('link', { name: world.teamName }).first().click();

    await expect(page).toHaveURL(new RegExp(`/teams/${world.teamId}$`));
    await expect(page.getByRole('heading', { level: 1, name: world.teamName })).toBeVisible(ARRIVAL);
    const figures = page.getByRole('region', { name: 'Team figures' });
    const figure = (label: string) => figures.locator('div').filter({ hasText: label }).locator('dd').first();
    await expect(figure('Completed projects')).toHaveText('1');
    await expect(figure('Average rating')).toHaveText('5.0');
    await expect(figure('On-time delivery')).toHaveText('100%');
    await expect(figure('Response time')).toHaveText('5 min');
    await expect(page.getByRole('link', { name: world.title })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('Delivered a day early and it sells.')).toBeVisible();
    await expect(
      reviews.getByRole('list', { name: 'Rating distribution' }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(page.getByRole('button', { name: `Contact Team: ${world.teamName}` })).toBeVisible();

    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
  });
}

test('the team page arrives pre-rendered, before the app', async ({ request }) => {
  const response = await request.get(`/teams/${world.teamId}`);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('Loading team...');
});
