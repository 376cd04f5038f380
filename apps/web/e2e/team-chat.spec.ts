import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { hashPassword } from '../../api/src/modules/accounts/password';
import { withDatabase } from './support/database';

const PASSWORD = 'chat-secret-1';
const RUN = Date.now().toString(36);
let sequence = 0;

function newUsername(prefix: string): string {
  sequence += 1;
  return `${prefix}_${RUN}${sequence}`;
}

/** Stored directly, as the other journeys do: all files share the registration limit per address. */
async function createAccount(
  prefix: string,
  role: 'BUYER' | 'TEAM_ADMIN',
): Promise<{ id: number; username: string }> {
  const username = newUsername(prefix);
  const passwordHash = await hashPassword(PASSWORD, 10);
  const { rows } = await withDatabase((client) =>
    client.query<{ id: number }>(
      `insert into users (username, email, password_hash, role, email_verified, is_verified)
       values ($1, $2, $3, $4, true, $5) returning id`,
      [username, `${username}@example.com`, passwordHash, role, role === 'TEAM_ADMIN'],
    ),
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no user');
  return { id, username };
}

async function createTeam(adminId: number, name: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ($1, 'Landing pages in a week.', $2, 5, 1, true) returning id`,
      [name, adminId],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('no team');
    await client.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [
      id,
      adminId,
    ]);
    return id;
  });
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email or Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

function serious(violations: { id: string; help: string; impact?: string | null }[]): string[] {
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.help}`);
}

/** A noisy PNG of a few megabytes: big enough for the upload to report progress, a real image for the thumbnail. */
async function noisyPng(): Promise<Buffer> {
  const width = 1200;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

test.describe('team chat', () => {
  test('a buyer contacts a team and both sides talk live, with typing, a picture and a closed door for strangers', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const buyer = await createAccount('cbuyer', 'BUYER');
    const admin = await createAccount('cadmin', 'TEAM_ADMIN');
    const stranger = await createAccount('cstranger', 'BUYER');
    const teamName = `Chat Crew ${RUN}`;
    await createTeam(admin.id, teamName);

    // The buyer finds the team and presses Contact Team.
    const buyerPage = await signedInPage(browser, buyer.username);
    await buyerPage.goto(`/teams/browse?search=${encodeURIComponent(teamName)}`);
    await buyerPage
      .getByRole('article', { name: teamName })
      .getByRole('button', { name: /^Contact Team/ })
      .click();
    await expect(buyerPage).toHaveURL(/\/team-chat\/\d+$/);
    const roomPath = new URL(buyerPage.url()).pathname;
    await expect(buyerPage.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(buyerPage.getByText('Buyer', { exact: true })).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: "Hi! I'd like to discuss a project." })).toBeVisible();

    // The team admin opens the same room.
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(roomPath);
    await expect(adminPage.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(adminPage.getByText('Team Admin', { exact: true }).first()).toBeVisible();
    const adminLog = adminPage.getByRole('log', { name: 'Messages' });
    await expect(adminPage.getByText('No messages yet').first()).toBeVisible();

    // Typing shows on the other side; the message arrives without a reload.
    const buyerBox = buyerPage.getByRole('textbox', { name: 'Message' });
    await buyerBox.click();
    await buyerBox.pressSequentially('Hello, are you available');
    await expect(adminPage.getByText(`${buyer.username} is typing...`)).toBeVisible();
    await buyerBox.press('Enter');
    await expect(adminLog.getByText('Hello, are you available')).toBeVisible();
    await expect(
      buyerPage.getByRole('log', { name: 'Messages' }).getByText('Hello, are you available'),
    ).toBeVisible();
    await expect(adminPage.getByText(`${buyer.username} is typing...`)).toHaveCount(0);

    // The admin answers; the buyer sees it live.
    const adminBox = adminPage.getByRole('textbox', { name: 'Message' });
    await adminBox.fill('Yes, from next week.');
    await adminBox.press('Enter');
    const buyerLog = buyerPage.getByRole('log', { name: 'Messages' });
    await expect(buyerLog.getByText('Yes, from next week.')).toBeVisible();
    await expect(buyerLog.getByText(admin.username)).toBeVisible();

    // A picture: progress, then the thumbnail on both sides.
    await buyerPage.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role=progressbar]')) document.body.dataset.sawProgress = 'yes';
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await buyerPage.locator('input[type=file]').setInputFiles({
      name: 'mockup.png',
      mimeType: 'image/png',
      buffer: await noisyPng(),
    });
    await expect(buyerPage.getByRole('list', { name: 'Uploads' }).getByText('mockup.png')).toBeVisible();
    await expect(buyerLog.getByRole('img', { name: 'mockup.png' })).toBeVisible({ timeout: 20_000 });
    expect(await buyerPage.evaluate(() => document.body.dataset.sawProgress)).toBe('yes');
    await expect(buyerLog.getByRole('img', { name: 'mockup.png' })).toHaveAttribute('src', /^blob:/);
    await expect(adminLog.getByRole('img', { name: 'mockup.png' })).toBeVisible();
    await expect(buyerPage.getByRole('list', { name: 'Uploads' })).toHaveCount(0, { timeout: 6000 });

    // Accessibility of the chat page.
    const results = await new AxeBuilder({ page: buyerPage }).analyze();
    expect(serious(results.violations)).toEqual([]);

    // Someone outside the room is turned away.
    const strangerPage = await signedInPage(browser, stranger.username);
    await strangerPage.goto(roomPath);
    await expect(strangerPage.getByText("You don't have permission to access this chat.")).toBeVisible();
    await expect(strangerPage.getByRole('link', { name: 'Go to Login' })).toBeVisible();
    await expect(strangerPage.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    await expect(strangerPage.getByRole('log', { name: 'Messages' })).toHaveCount(0);
  });
});
