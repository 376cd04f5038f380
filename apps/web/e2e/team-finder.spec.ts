import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type pg from 'pg';
import { withDatabase } from './support/database';

const PASSWORD = 'finder-secret-1';
const RUN = Date.now().toString(36);
const name = (label: string) => `${label} ${RUN}`;

interface TeamSeed {
  label: string;
  projectType: string;
  technologies: string[];
  /** One completed order per rating, each with its review; extra completed orders without a review. */
  ratings?: number[];
  unreviewedOrders?: number;
  priceCents?: number;
  full?: boolean;
  inactive?: boolean;
}

/**
 * Web Development teams whose numbers make each sort give a different order:
 * rating Alpha 5 > Delta 4 > Bravo 3; projects Bravo 4 > Delta 2 > Alpha 1; rate Delta $100 < Bravo $300 < Alpha $900.
 * Charlie works with Vue.js on e-commerce only; Echo is full (busy); Foxtrot is inactive.
 */
const SEEDS: TeamSeed[] = [
  { label: 'Alpha', projectType: 'Landing Page', technologies: ['React'], ratings: [5], priceCents: 90_000 },
  {
    label: 'Bravo',
    projectType: 'Landing Page',
    technologies: ['React', 'TypeScript'],
    ratings: [3, 3],
    unreviewedOrders: 2,
    priceCents: 30_000,
  },
  {
    label: 'Charlie',
    projectType: 'E-commerce Store',
    technologies: ['Vue.js'],
    ratings: [4],
    priceCents: 50_000,
  },
  {
    label: 'Delta',
    projectType: 'Landing Page',
    technologies: ['React', 'Next.js'],
    ratings: [4],
    unreviewedOrders: 1,
    priceCents: 10_000,
  },
  { label: 'Echo', projectType: 'Landing Page', technologies: ['React'], full: true },
  { label: 'Foxtrot', projectType: 'Landing Page', technologies: ['React'], inactive: true },
];

let categoryId = 0;
const insertedTeamIds: number[] = [];

async function one<T extends pg.QueryResultRow>(
  client: pg.Client,
  text: string,
  values: unknown[],
): Promise<T> {
  const result = await client.query<T>(text, values);
  if (!result.rows[0]) throw new Error(`No row for: ${text} ${JSON.stringify(values)}`);
  return result.rows[0];
}

async function insertUser(client: pg.Client, username: string, role: string): Promise<number> {
  const { id } = await one<{ id: number }>(
    client,
    `insert into users (username, email, password_hash, role) values ($1, $2, 'x', $3) returning id`,
    [username, `${username}@example.com`, role],
  );
  return id;
}

async function seedTeams(): Promise<void> {
  await withDatabase(async (client) => {
    ({ id: categoryId } = await one<{ id: number }>(
      client,
      `select id from service_categories where name = 'Web Development'`,
      [],
    ));
    const buyerId = await insertUser(client, `finder_buyer_${RUN}`, 'BUYER');
    for (const seed of SEEDS) {
      const adminId = await insertUser(client, `finder_${seed.label.toLowerCase()}_${RUN}`, 'TEAM_ADMIN');
      const { id: projectTypeId } = await one<{ id: number }>(
        client,
        'select id from project_types where service_category_id = $1 and name = $2',
        [categoryId, seed.projectType],
      );
      const { id: teamId } = await one<{ id: number }>(
        client,
        `insert into teams (name, description, admin_id, max_members, member_count, is_active, service_category_id, project_type_id)
         values ($1, $2, $3, $4, 1, $5, $6, $7) returning id`,
        [
          name(seed.label),
          `${seed.label} builds for the web.`,
          adminId,
          seed.full ? 1 : 6,
          !seed.inactive,
          categoryId,
          projectTypeId,
        ],
      );
      insertedTeamIds.push(teamId);
      await client.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [
        teamId,
        adminId,
      ]);
      await client.query(
        `insert into team_technologies (team_id, technology_id) select $1, id from technologies where name = any($2)`,
        [teamId, seed.technologies],
      );
      if (!seed.priceCents) continue;
      const { id: packageId } = await one<{ id: number }>(
        client,
        `insert into service_packages (team_id, title, description, price_cents, duration_days, status)
         values ($1, $2, 'A package for the finder journeys', $3, 10, 'published') returning id`,
        [teamId, `${seed.label} package`, seed.priceCents],
      );
      const orders = [...(seed.ratings ?? []), ...Array<null>(seed.unreviewedOrders ?? 0).fill(null)];
      for (const rating of orders) {
        const { id: orderId } = await one<{ id: number }>(
          client,
          `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, completed_at)
           values ($1, $2, $3, 'completed', $4, now()) returning id`,
          [buyerId, packageId, teamId, seed.priceCents],
        );
        if (rating === null) continue;
        await client.query(
          `insert into reviews (order_id, buyer_id, team_id, service_package_id, rating) values ($1, $2, $3, $4, $5)`,
          [orderId, buyerId, teamId, packageId, rating],
        );
      }
    }
  });
}

/**
 * Other journeys count orders and list teams: take this run's away again. The users stay, since the
 * activity log that mentions them is append-only; they own nothing that is counted.
 */
async function removeSeededRows(): Promise<void> {
  await withDatabase(async (client) => {
    await client.query('delete from reviews where team_id = any($1)', [insertedTeamIds]);
    await client.query('delete from orders where team_id = any($1)', [insertedTeamIds]);
    await client.query('delete from teams where id = any($1)', [insertedTeamIds]);
  });
}

/** The names of this run's teams, in the order the page shows them. */
async function shownTeams(page: Page, list = page.getByRole('list', { name: 'Teams' })): Promise<string[]> {
  const names = await list.getByRole('article').getByRole('heading').allTextContents();
  return names.filter((text) => text.endsWith(RUN)).map((text) => text.replace(` ${RUN}`, ''));
}

let accountSequence = 0;
/** A fresh account to sign in with; unique per run and per call. */
async function registerThroughApi(page: Page, role: 'BUYER' | 'SELLER') {
  accountSequence += 1;
  const username = `finder_${role.toLowerCase()}_${RUN}_${accountSequence}`;
  const response = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, role },
  });
  expect(response.status()).toBe(201);
  return username;
}

async function fillSignIn(page: Page, username: string) {
  await page.getByLabel('Email or Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

function expectNoSeriousViolations(violations: { id: string; help: string; impact?: string | null }[]) {
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const WEB_TEAMS_QUERY =
  '/teams?service=web&options=Landing+Page&technologies=React&budget=5k-15k&timeline=1month';

test.describe('finding a team', () => {
  test.beforeAll(seedTeams);
  test.afterAll(removeSeededRows);

  test('a visitor picks a category, a project type and a technology and sees only the matching teams', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .locator('#services')
      .getByRole('link', { name: /Web Development/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/service/${categoryId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();

    const landingPage = page.getByRole('checkbox', { name: 'Landing Page' });
    await landingPage.check();
    const subTypes = page.getByRole('group', { name: 'Landing Page: Sub-types' });
    await subTypes.getByRole('checkbox', { name: 'Marketing Campaign Page' }).check();
    const technologies = page.getByRole('group', { name: 'Preferred Technologies' });
    await technologies.getByRole('checkbox', { name: 'React' }).check();
    const summary = page.getByRole('complementary', { name: 'Your Selection' });
    await expect(summary.getByText('Marketing Campaign Page')).toBeVisible();

    await page.getByRole('button', { name: 'Find Available Teams' }).click();
    const results = page.getByRole('region', { name: 'Available Teams' });
    await expect(results.getByRole('article', { name: name('Alpha') })).toBeVisible();
    await expect.poll(() => shownTeams(page, results)).toEqual(['Alpha', 'Delta', 'Bravo', 'Echo']);
    // The e-commerce team with Vue.js only, and the inactive team, are not offered.
    await expect(results.getByRole('article', { name: name('Charlie') })).toHaveCount(0);
    await expect(results.getByRole('article', { name: name('Foxtrot') })).toHaveCount(0);

    const alpha = results.getByRole('article', { name: name('Alpha') });
    await expect(alpha.getByText('1/6 members')).toBeVisible();
    await expect(alpha.getByText(`Led by finder_alpha_${RUN}`)).toBeVisible();
    await expect(alpha.getByText(`Since ${new Date().getUTCFullYear()}`)).toBeVisible();
    await expect(alpha.getByRole('button', { name: /^Contact Team/ })).toBeEnabled();
    await expect(
      results.getByRole('article', { name: name('Echo') }).getByRole('button', { name: /^Join Waitlist/ }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Reset Selections' }).click();
    await expect(landingPage).not.toBeChecked();
    await expect(subTypes).toHaveCount(0);
    await expect(results).toHaveCount(0);
    await expect(summary.getByText('Any project type')).toBeVisible();
  });

  test('a fixed service page lists the real matching teams, sorted as the data dictates', async ({
    page,
  }) => {
    await page.goto('/WebDevelopment');
    await page.getByRole('button', { name: 'Landing Page' }).click();
    await page.getByRole('button', { name: 'React', exact: true }).click();
    await page.getByRole('radio', { name: '$5,000 - $15,000' }).check();
    await page.getByRole('radio', { name: '1 month' }).check();
    await page.getByRole('button', { name: 'Find Available Teams' }).click();

    await expect(page).toHaveURL(/\/teams\?service=web&options=Landing\+Page&technologies=React/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Available Teams for Web Development' }),
    ).toBeVisible();
    const requirements = page.getByRole('list', { name: 'Your requirements' });
    await expect(requirements.getByRole('listitem')).toHaveText([
      'Landing Page',
      'React',
      'Budget: $5,000 - $15,000',
      'Timeline: 1 month',
    ]);
    await expect(page.getByText(/\d+ teams? match your requirements/)).toBeVisible();

    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('rating');
    await expect
      .poll(() => shownTeams(page).then((names) => names.slice(0, 3)))
      .toEqual(['Alpha', 'Delta', 'Bravo']);
    expect(await shownTeams(page)).not.toContain('Charlie');

    await sort.selectOption({ label: 'Most Projects' });
    await expect
      .poll(() => shownTeams(page).then((names) => names.slice(0, 3)))
      .toEqual(['Bravo', 'Delta', 'Alpha']);

    await sort.selectOption({ label: 'Lowest Rate' });
    await expect
      .poll(() => shownTeams(page).then((names) => names.slice(0, 3)))
      .toEqual(['Delta', 'Bravo', 'Alpha']);
    await expect(page).toHaveURL(/sort=rate/);

    const card = (label: string) => page.getByRole('article', { name: name(label) });
    await expect(card('Delta').getByText('From $100.00')).toBeVisible();
    await expect(card('Bravo').getByRole('definition').nth(0)).toHaveText('4');
    await expect(card('Bravo').getByRole('definition').nth(1)).toHaveText('3.0');
    await expect(card('Alpha').getByRole('button', { name: /^Contact Team/ })).toBeEnabled();
    await expect(card('Echo').getByRole('button', { name: /^Join Waitlist/ })).toBeEnabled();
    await expect(card('Foxtrot').getByRole('button', { name: /^Unavailable/ })).toBeDisabled();
  });

  test('a visitor pressing Contact Team signs in from the chooser and lands in the conversation', async ({
    page,
  }) => {
    const username = await registerThroughApi(page, 'BUYER');
    await page.goto(WEB_TEAMS_QUERY);
    await page
      .getByRole('article', { name: name('Alpha') })
      .getByRole('button', { name: /^Contact Team/ })
      .click();
    const chooser = page.getByRole('dialog', { name: `Contact ${name('Alpha')}` });
    await expect(chooser.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
    await chooser.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email or Username', { exact: true }).fill(username);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    // Signed in, the conversation with the team opens.
    await expect(page).toHaveURL(/\/team-chat\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: name('Alpha') })).toBeVisible();
  });

  test('a seller finds a team by name in Browse Teams and applies to join it', async ({ page }) => {
    const username = await registerThroughApi(page, 'SELLER');
    await page.goto('/teams/browse');
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, username);
    await expect(page).toHaveURL(/\/teams\/browse$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Teams' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search teams by name' }).fill(`Delta ${RUN}`);
    await expect(page).toHaveURL(/search=Delta/);
    await expect.poll(() => shownTeams(page)).toEqual(['Delta']);
    await page.getByLabel(/Application Message/).fill('I build landing pages in React.');
    await page.getByRole('button', { name: `Apply to Join: ${name('Delta')}` }).click();
    await expect(page.getByText('Application submitted successfully!').first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Application Pending: ${name('Delta')}` })).toBeDisabled();

    const stored = await withDatabase((client) =>
      client.query<{ status: string; application_message: string }>(
        `select a.status, a.application_message from team_applications a join users u on u.id = a.user_id
         where u.username = $1`,
        [username],
      ),
    );
    expect(stored.rows).toEqual([
      { status: 'pending', application_message: 'I build landing pages in React.' },
    ]);

    await page.getByRole('searchbox', { name: 'Search teams by name' }).fill(`Echo ${RUN}`);
    await expect(page.getByRole('button', { name: `Team Full: ${name('Echo')}` })).toBeDisabled();
    await page.getByRole('searchbox', { name: 'Search teams by name' }).fill(`Foxtrot ${RUN}`);
    await expect(page.getByRole('button', { name: `Inactive: ${name('Foxtrot')}` })).toBeDisabled();
  });

  test('the category page and /teams have no serious accessibility violations', async ({ page }) => {
    await page.goto(`/service/${categoryId}`);
    await page.getByRole('checkbox', { name: 'Landing Page' }).check();
    await page.getByRole('checkbox', { name: 'Marketing Campaign Page' }).check();
    await page.getByRole('checkbox', { name: 'React' }).check();
    await page.getByRole('button', { name: 'Find Available Teams' }).click();
    await expect(page.getByRole('article', { name: name('Alpha') })).toBeVisible();
    expectNoSeriousViolations((await new AxeBuilder({ page }).analyze()).violations);

    await page.goto(WEB_TEAMS_QUERY);
    await expect(page.getByRole('article', { name: name('Alpha') })).toBeVisible();
    expectNoSeriousViolations((await new AxeBuilder({ page }).analyze()).violations);
  });
});
