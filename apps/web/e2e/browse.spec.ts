import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { createAccount, createTeam, PASSWORD, RUN, serious, signInToDashboard } from './support/marketplace';

/**
 * Browse services (issue 18): the order and the category change the results, the URL holds the whole
 * browse (Back and a shared link give the same results), and on a phone the filters fold into a sheet so
 * the first result is on the first screen.
 */
const TAG = `browse${RUN}`;
const PACKAGES = [
  { title: `Budget landing audit ${RUN}`, cents: 9_000, inCategory: false },
  { title: `Standard landing build ${RUN}`, cents: 48_000, inCategory: true },
  { title: `Premium landing rebuild ${RUN}`, cents: 120_000, inCategory: true },
] as const;
const cheapestFirst = PACKAGES.map((item) => item.title);
const dearestFirst = [...cheapestFirst].reverse();

let buyer: { username: string };
let categoryId: number;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  buyer = await createAccount('browse_buyer', 'BUYER');
  const admin = await createAccount('browse_admin', 'TEAM_ADMIN');
  // One team in Web Development, one without a category.
  const webTeam = await createTeam(admin.id, `Browse Web Crew ${RUN}`, { findable: true });
  const otherTeam = await createTeam(admin.id, `Browse Other Crew ${RUN}`);
  categoryId = await withDatabase(async (client) => {
    for (const [index, item] of PACKAGES.entries()) {
      await client.query(
        `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status, created_at)
         values ($1, $2, 'A landing page, planned, built and launched by the team.', $3, 7, $4, 'published',
           now() - make_interval(hours => $5))`,
        [item.inCategory ? webTeam : otherTeam, item.title, item.cents, TAG, index],
      );
    }
    const { rows } = await client.query<{ id: number }>(
      "select id from service_categories where name = 'Web Development'",
    );
    return rows[0]!.id;
  });
});

// Each journey signs in, checks with axe several times and walks the history: more than the default 30 s.
test.setTimeout(150_000);

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function signedInAt(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await signInToDashboard(page, buyer.username);
  return page;
}

/** The titles of the result cards, in the order shown. */
async function titles(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Service packages' }).getByRole('article');
  return list.evaluateAll((cards) =>
    cards.map(
      (card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
    ),
  );
}

async function expectTitles(page: Page, expected: readonly string[]): Promise<void> {
  await expect.poll(() => titles(page)).toEqual(expected);
}

async function expectCleanPage(page: Page): Promise<void> {
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBe(0);
}

test('1440×900: order by price, filter by category, the URL holds it, Back and a shared link restore it', async ({
  browser,
}) => {
  const page = await signedInAt(browser, { width: 1440, height: 900 });
  await page.goto(`/services/browse?tags=${TAG}`);
  await expect(page.getByText('3 services found')).toBeVisible();
  // The filters are on the page at this size; the phone's Filters button is not.
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Tags' })).toHaveValue(TAG);

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await expectTitles(page, cheapestFirst);
  await sort.selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  await expectTitles(page, dearestFirst);

  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Web Development' });
  await expect(page).toHaveURL(new RegExp(`[?&]category=${categoryId}(&|$)`));
  await expectTitles(page, dearestFirst.slice(0, 2));
  await expect(page.getByText('2 services found')).toBeVisible();
  await expectCleanPage(page);
  const shared = page.url();

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).not.toHaveURL(/category=/);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expectTitles(page, dearestFirst);
  await page.goBack({ waitUntil: 'commit' });
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await expectTitles(page, cheapestFirst);
  // A history entry the app pushed has no load event to wait for.
  await page.goForward({ waitUntil: 'commit' });
  await page.goForward({ waitUntil: 'commit' });
  await expectTitles(page, dearestFirst.slice(0, 2));

  // The link opened fresh, in another browser, shows the same browse; a reload does too.
  const other = await signedInAt(browser, { width: 1440, height: 900 });
  await other.goto(shared);
  await expect(other.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  await expect(other.getByRole('combobox', { name: 'Category' })).toHaveValue(String(categoryId));
  await expectTitles(other, dearestFirst.slice(0, 2));
  await other.reload();
  await expectTitles(other, dearestFirst.slice(0, 2));

  // Typed text reaches the URL once typing pauses.
  await page.getByRole('searchbox', { name: 'Search services' }).fill('premium');
  await expect(page).toHaveURL(/[?&]q=premium/);
  await expectTitles(page, [dearestFirst[0]!]);
});

test('390×844: the first result is on the first screen; the filters open in a sheet with a count', async ({
  browser,
}) => {
  const page = await signedInAt(browser, { width: 390, height: 844 });
  await page.goto(`/services/browse?tags=${TAG}&sort=price_asc`);
  await expectTitles(page, cheapestFirst);
  // Without scrolling, the first card's title and price are inside the window.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const first = page.getByRole('article', { name: cheapestFirst[0] });
  const box = await first.getByRole('heading').boundingBox();
  expect(box, 'the first result has a title on screen').not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  await expect(page.getByRole('textbox', { name: 'Tags' })).toBeHidden();
  await expectCleanPage(page);

  const open = page.getByRole('button', { name: 'Filters, 1 active' });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('textbox', { name: 'Tags' })).toHaveValue(TAG);
  // Focus stays in the sheet: Tab from its last control goes round to its first.
  await sheet.getByRole('button', { name: 'Show results' }).focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await sheet.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Web Development' });
  await expectCleanPage(page);
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`[?&]category=${categoryId}(&|$)`));
  await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
  await expectTitles(page, cheapestFirst.slice(1));

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
  await expectTitles(page, dearestFirst.slice(0, 2));
  await page.goBack({ waitUntil: 'commit' });
  await expectTitles(page, cheapestFirst.slice(1));
  await expectCleanPage(page);
});

test('the plain address: drawn ahead of time, taken over by the app, searched at once; a visitor signs in first', async ({
  browser,
}) => {
  const page = await signedInAt(browser, { width: 390, height: 844 });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/services/browse');
  // The heading, the description and the search are in the HTML itself, before any script has run.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-prerendered');
  expect(html).toContain('Browse Services</h1>');
  // Typed at once, whether or not the app has taken the page over yet: the search runs all the same.
  await page.getByRole('searchbox', { name: 'Search services' }).fill(`Premium landing rebuild ${RUN}`);
  await expect(page).toHaveURL(/[?&]q=Premium/);
  await expectTitles(page, [PACKAGES[2].title]);
  await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue(
    `Premium landing rebuild ${RUN}`,
  );
  // The signed-in header replaced the visitor's.
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  await expectCleanPage(page);
  expect(problems).toEqual([]);

  // With criteria the address gets the app's usual page, which draws them.
  const withCriteria = await page.goto(`/services/browse?tags=${TAG}`);
  expect((await withCriteria?.text()) ?? '').not.toContain('data-prerendered');
  await expectTitles(page, cheapestFirst);

  // A visitor sees the login page, and the browse page after signing in.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const visitor = await context.newPage();
  await visitor.goto('/services/browse');
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.getByLabel('Email or Username', { exact: true }).fill(buyer.username);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor).toHaveURL(/\/services\/browse$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Browse Services' })).toBeVisible();
});
