import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hashPassword } from '../../api/src/platform/auth/password';
import { expectToast, serious } from './support/marketplace';
import { withDatabase } from './support/database';

const PASSWORD = 'package-secret-1';
const DELETE_CONFIRM = 'Are you sure you want to delete this package? This action cannot be undone.';

type Role = 'TEAM_ADMIN' | 'BUYER';

let sequence = 0;
/** Unique per run and per call, within the 30 characters a username may have. */
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

/** Accounts are stored directly: a verified team admin comes from a general admin's approval otherwise. */
async function createAccount(prefix: string, role: Role): Promise<{ id: number; username: string }> {
  const username = unique(`${prefix}_`);
  const passwordHash = await hashPassword(PASSWORD, 10);
  const id = await withDatabase(async (client) => {
    const result = await client.query<{ id: number }>(
      `insert into users (username, email, password_hash, role, email_verified, is_verified)
       values ($1, $2, $3, $4, true, $5) returning id`,
      [username, `${username}@example.com`, passwordHash, role, role === 'TEAM_ADMIN'],
    );
    return result.rows[0]!.id;
  });
  return { id, username };
}

async function createTeam(adminId: number, name: string): Promise<number> {
  return withDatabase(async (client) => {
    const result = await client.query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active, created_at)
       values ($1, 'We ship landing pages that convert.', $2, 6, 2, true, '2021-04-01T10:00:00Z') returning id`,
      [name, adminId],
    );
    const teamId = result.rows[0]!.id;
    await client.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [
      teamId,
      adminId,
    ]);
    return teamId;
  });
}

async function createPackage(teamId: number, title: string, status: 'draft' | 'published'): Promise<number> {
  return withDatabase(async (client) => {
    const result = await client.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, $2, 'A package made for the journeys, long enough to pass.', 25000, 10, 'seo,copy', $3)
       returning id`,
      [teamId, title, status],
    );
    return result.rows[0]!.id;
  });
}

/** Each person gets a browser context of their own, so nobody needs to sign out. */
async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email or Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/**
 * The dashboard has its own compact header instead of the top navigation; any other page shows the
 * app's links (Services in the bar, the role's pages in the row below).
 */
async function followWorkspaceLink(page: Page, name: string) {
  await page.goto('/profile/edit');
  await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
}

test.describe('service packages', () => {
  test('a verified admin creates and publishes a package; a buyer finds it and sees every detail', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await createAccount('pkadmin', 'TEAM_ADMIN');
    const buyer = await createAccount('pkbuyer', 'BUYER');
    const teamName = unique('Harbor Crew ');
    await createTeam(admin.id, teamName);
    const keyword = unique('quokka');
    const title = `Conversion ${keyword} landing page`;

    const adminPage = await signedInPage(browser, admin.username);
    await followWorkspaceLink(adminPage, 'Create Service');
    await expect(adminPage).toHaveURL(/\/services\/create$/);
    const form = adminPage.getByRole('form', { name: 'Create service package' });
    await form.getByLabel('Service Title').fill('Shop');
    await form.getByRole('button', { name: 'Create Package' }).click();
    await expect(form.getByText('Service title must be at least 5 characters')).toBeVisible();
    await expect(form.getByText('Duration must be between 1 and 365 days')).toBeVisible();

    await form.getByLabel('Team').selectOption({ label: teamName });
    await form.getByLabel('Service Title').fill(title);
    await form
      .getByLabel('Description')
      .fill('A landing page with copy, design and analytics, built to convert visitors.');
    await form.getByLabel('Price (USD)').fill('749.50');
    await form.getByLabel('Duration (days)').fill('12');
    await expect(form.getByLabel('Revisions')).toHaveValue('1');
    await form.getByLabel('Revisions').fill('3');
    await form.getByLabel('Tags').fill('landing, design, analytics, copywriting, seo, react');
    await form.getByLabel('Requirements').fill('Your logo and brand colours');
    await form.getByLabel('Deliverables').fill('Source code and a deployed site');
    expect(serious((await new AxeBuilder({ page: adminPage }).analyze()).violations)).toEqual([]);
    await form.getByRole('button', { name: 'Create Package' }).click();

    await expect(adminPage).toHaveURL(/\/services\/manage-packages$/);
    await expectToast(adminPage, 'Service package created successfully!');
    const row = adminPage.getByRole('article', { name: title });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(row.getByText('Published', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();
    await adminPage.context().close();

    const buyerPage = await signedInPage(browser, buyer.username);
    await followWorkspaceLink(buyerPage, 'Services');
    await expect(buyerPage).toHaveURL(/\/services$/);
    await buyerPage.goto('/services/browse');
    await buyerPage.getByRole('searchbox', { name: 'Search services' }).fill(keyword);
    const card = buyerPage.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(buyerPage.getByText('1 service found')).toBeVisible();
    await expect(card.getByText('$749.50')).toBeVisible();
    await expect(card.getByText('+2 more')).toBeVisible();
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);
    await card.getByRole('link', { name: title }).click();

    await expect(buyerPage).toHaveURL(/\/service-package\/\d+$/);
    await expect(buyerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(buyerPage.getByText(teamName).first()).toBeVisible();
    // The price box beside the text (a phone has a bar with the same price along the bottom instead).
    const priceBox = buyerPage.getByRole('region', { name: 'Price' });
    await expect(priceBox.getByText('$749.50')).toBeVisible();
    await expect(priceBox.getByText('One-time payment')).toBeVisible();
    await expect(priceBox.getByText('12 days delivery')).toBeVisible();
    await expect(buyerPage.getByText('3 revisions')).toBeVisible();
    await expect(buyerPage.getByText('A landing page with copy, design and analytics')).toBeVisible();
    await expect(buyerPage.getByText('Your logo and brand colours')).toBeVisible();
    await expect(buyerPage.getByText('Source code and a deployed site')).toBeVisible();
    await expect(buyerPage.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      'landing',
      'design',
      'analytics',
      'copywriting',
      'seo',
      'react',
    ]);
    await expect(buyerPage.getByText('2/6')).toBeVisible();
    await expect(buyerPage.getByText('2021')).toBeVisible();
    await expect(buyerPage.getByText('We ship landing pages that convert.')).toBeVisible();
    await expect(buyerPage.getByText('Published', { exact: true })).toBeVisible();
    await expect(buyerPage.getByText('Created')).toBeVisible();
    await expect(buyerPage.getByText('Last updated')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Contact Team' })).toBeVisible();
    await expect(buyerPage.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', /\/payment\/\d+$/);
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);
    await buyerPage.context().close();
  });

  test('the manage page unpublishes, and deletes only after the confirmation', async ({ browser }) => {
    const admin = await createAccount('pkmanage', 'TEAM_ADMIN');
    const teamId = await createTeam(admin.id, unique('Manage Crew '));
    const title = unique('Managed package ');
    await createPackage(teamId, title, 'published');

    const page = await signedInPage(browser, admin.username);
    await followWorkspaceLink(page, 'Manage Packages');
    await expect(page).toHaveURL(/\/services\/manage-packages$/);
    const row = page.getByRole('article', { name: title });
    await row.getByRole('button', { name: `Unpublish ${title}` }).click();
    await expect(row.getByText('Unpublished', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Publish ${title}` })).toBeVisible();

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete package' });
    await expect(dialog.getByText(DELETE_CONFIRM)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete package' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Package deleted');
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await expect(page.getByText('This team has no service packages yet.')).toBeVisible();
    await page.context().close();
  });

  test("a stranger opening the edit page of another admin's package is told it is not theirs", async ({
    browser,
  }) => {
    const owner = await createAccount('pkowner', 'TEAM_ADMIN');
    const stranger = await createAccount('pkstranger', 'TEAM_ADMIN');
    const teamId = await createTeam(owner.id, unique('Owner Crew '));
    const packageId = await createPackage(teamId, unique('Owned package '), 'published');

    const page = await signedInPage(browser, stranger.username);
    await page.goto(`/services/edit/${packageId}`);
    await expect(page.getByRole('heading', { name: 'Package Not Found' })).toBeVisible();
    await expect(page.getByText(/you don't have permission to edit it/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await page.context().close();
  });
});
