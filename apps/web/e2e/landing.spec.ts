import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { withDatabase } from './support/database';
import { createAccount, createTeamWithPackage, PASSWORD } from './support/marketplace';

interface CatalogueCounts {
  categories: { id: number; name: string }[];
  projectTypes: number;
  technologies: number;
}

async function readCatalogue(): Promise<CatalogueCounts> {
  return withDatabase(async (client) => {
    const categories = await client.query<{ id: number; name: string }>(
      'select id, name from service_categories where is_active order by id',
    );
    const counts = await client.query<{ types: number; technologies: number }>(
      `select (select count(*)::int from project_types where is_active) as types,
              (select count(*)::int from technologies where is_active) as technologies`,
    );
    return {
      categories: categories.rows,
      projectTypes: counts.rows[0]!.types,
      technologies: counts.rows[0]!.technologies,
    };
  });
}

/** A buyer, a team with one package, and orders in the given states (completed ones this month). */
/** Orders counted by the statistics: running (confirmed or in progress) and completed. */
async function orderCounts(): Promise<{ running: number; completed: number }> {
  const { rows } = await withDatabase((client) =>
    client.query<{ running: number; completed: number }>(
      `select count(*) filter (where status in ('confirmed', 'in_progress'))::int as running,
              count(*) filter (where status = 'completed')::int as completed
       from orders`,
    ),
  );
  return rows[0]!;
}

async function insertOrders(statuses: string[]): Promise<void> {
  await withDatabase(async (client) => {
    const buyer = await client.query<{ id: number }>(
      `insert into users (username, email, password_hash, role) values ('e2e_buyer', 'e2e_buyer@example.com', 'x', 'BUYER')
       on conflict do nothing returning id`,
    );
    const buyerId =
      buyer.rows[0]?.id ??
      (await client.query<{ id: number }>("select id from users where username = 'e2e_buyer'")).rows[0]!.id;
    const team = await client.query<{ id: number }>(
      `insert into teams (name, admin_id, max_members) values ('E2E Team', $1, 5) returning id`,
      [buyerId],
    );
    const servicePackage = await client.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, status)
       values ($1, 'E2E package', 'A package created by the browser test', 10000, 5, 'published') returning id`,
      [team.rows[0]!.id],
    );
    for (const status of statuses) {
      await client.query(
        `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, completed_at)
         values ($1, $2, $3, $4::order_status, 10000, case when $4::order_status = 'completed' then now() end)`,
        [buyerId, servicePackage.rows[0]!.id, team.rows[0]!.id, status],
      );
    }
  });
}

/** A published package with a cover image (uploaded as its admin would) and one five-star review. */
async function createReviewedPackageWithImage(
  request: APIRequestContext,
): Promise<{ packageId: number; title: string }> {
  const admin = await createAccount('landingadmin', 'TEAM_ADMIN');
  const { packageId, teamId, title } = await createTeamWithPackage(admin.id, 25_000);
  const login = await request.post('/api/auth/login', {
    data: { username: admin.username, password: PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#6366f1' } })
    .png()
    .toBuffer();
  const upload = await request.post(`/api/service-packages/${packageId}/images`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const buyer = await createAccount('landingbuyer', 'BUYER');
  await withDatabase(async (client) => {
    const order = await client.query<{ id: number }>(
      `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, completed_at)
       values ($1, $2, $3, 'completed', 25000, now()) returning id`,
      [buyer.id, packageId, teamId],
    );
    await client.query(
      `insert into reviews (order_id, buyer_id, team_id, service_package_id, rating, comment)
       values ($1, $2, $3, $4, 5, 'Great work')`,
      [order.rows[0]!.id, buyer.id, teamId, packageId],
    );
  });
  return { packageId, title };
}

test.describe('landing page', () => {
  test('shows popular packages as cards with their image, one per row at 390 px', async ({
    page,
    request,
  }) => {
    const { packageId, title } = await createReviewedPackageWithImage(request);
    await page.goto('/');
    const section = page.locator('#popular-services');
    await section.scrollIntoViewIfNeeded();
    const card = section.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    const image = card.getByRole('img', { name: `Preview of ${title}` });
    await expect(image).toHaveAttribute('srcset', /\.webp \d+w/);
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expect(card.getByText('5.0 (1 review)')).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/service-package/${packageId}$`));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const cards = page.locator('#popular-services').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if ((await cards.count()) > 1) {
      const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(second!.y).toBeGreaterThan(first!.y + first!.height);
    }
  });

  test('shows the service categories and platform statistics stored in the database', async ({ page }) => {
    // Other journeys may have placed orders already: the figures are what is stored, before and after.
    const before = await orderCounts();
    await insertOrders([
      'confirmed',
      'in_progress',
      'in_progress',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    const catalogue = await readCatalogue();

    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Powering Teams to Finish Faster' }),
    ).toBeVisible();

    const services = page.locator('#services');
    for (const category of catalogue.categories) {
      const card = services.getByRole('link', { name: new RegExp(category.name.replace(/[&/]/g, '.')) });
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('href', `/service/${category.id}`);
    }

    const statistics = page.locator('#team');
    await statistics.scrollIntoViewIfNeeded();
    const tile = (label: string) => statistics.getByRole('group', { name: label });
    await expect(tile('Total Services')).toContainText(String(catalogue.categories.length));
    await expect(tile('Project Types')).toContainText(String(catalogue.projectTypes));
    await expect(tile('Technologies')).toContainText(String(catalogue.technologies));
    await expect(tile('Total Running Projects')).toContainText(String(before.running + 3));
    await expect(tile('Completed Projects')).toContainText(String(before.completed + 4));
    await expect(statistics.getByRole('heading', { name: 'Completed Projects Over Time' })).toBeVisible();
    // The chart's code arrives lazily once the section is near view; it draws one dot per month.
    await expect(statistics.locator('.recharts-line-dot')).toHaveCount(12);

    const accessibility = await new AxeBuilder({ page }).analyze();
    const serious = accessibility.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('the header takes its scrolled look past 50 px and the anchors scroll to their sections', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).not.toHaveAttribute('data-scrolled', 'true');
    // The page is pre-rendered (decision 0071): its buttons answer once React has taken the page over
    // (a click before that is lost, as it would be for a reader that fast).
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    await page.getByRole('navigation').getByRole('button', { name: 'Contact' }).click();
    await expect(page.locator('#contact')).toBeInViewport();
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('the contact form validates, sends, stores the message and clears the success text', async ({
    page,
  }) => {
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.scrollIntoViewIfNeeded();

    await form.getByRole('button', { name: /send/i }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();

    await form.getByLabel('Name').fill('Ada Lovelace');
    await expect(form.getByText('Name is required')).toBeHidden();

    await form.getByLabel('Email').fill('ada-at-example');
    await form.getByLabel('Email').blur();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await form.getByLabel('Email').fill('Ada@Example.com');
    await expect(form.getByText('Please enter a valid email address')).toBeHidden();

    const message = `We need a web shop by spring (${Date.now()})`;
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: /send/i }).click();

    const success = page.getByText("Thank you for your message! We'll get back to you soon.");
    await expect(success).toBeVisible();
    const stored = await withDatabase((client) =>
      client.query<{ name: string; email: string; company: string | null }>(
        'select name, email, company from contact_messages where message = $1',
        [message],
      ),
    );
    expect(stored.rows).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', company: null }]);
    await expect(success).toBeHidden({ timeout: 8_000 });
  });
});
