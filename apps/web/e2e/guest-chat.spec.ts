import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  createAccount,
  createTeam,
  newUsername,
  RUN,
  serious,
  signedInPage,
} from './support/marketplace';
import { withDatabase } from './support/database';

const TEAMS_QUERY =
  '/teams?service=web&options=Landing+Page&technologies=React&budget=5k-15k&timeline=1month';

test.describe('guest chat', () => {
  test('a visitor chats as a guest, the team answers, and the guest upgrades to an account that keeps the conversation', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const admin = await createAccount('gadmin', 'TEAM_ADMIN');
    const teamName = `Guest Crew ${RUN}`;
    const teamId = await createTeam(admin.id, teamName, { findable: true });
    const guestName = `Grace ${RUN}`;

    // A visitor finds the team and picks the guest option in the chooser.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(TEAMS_QUERY);
    await guest
      .getByRole('article', { name: teamName })
      .getByRole('button', { name: /^Contact Team/ })
      .click();
    await guest
      .getByRole('dialog', { name: `Contact ${teamName}` })
      .getByRole('button', { name: 'Continue as Guest' })
      .click();
    const quickStart = guest.getByRole('dialog', { name: 'Continue as Guest' });
    await quickStart.getByLabel('Your Name').fill('G');
    await quickStart.getByRole('button', { name: 'Start Chat' }).click();
    await expect(quickStart.getByText('Name must be at least 2 characters')).toBeVisible();
    await quickStart.getByLabel('Your Name').fill(guestName);
    await quickStart.getByRole('button', { name: 'Start Chat' }).click();

    await expect(guest).toHaveURL(/\/chat\/\d+\?guest_token=.+$/);
    const roomId = Number(new URL(guest.url()).pathname.split('/').at(-1));
    const guestLink = new URL(guest.url()).pathname + new URL(guest.url()).search;
    await expect(guest.getByText(`Chatting as ${guestName}`)).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    const guestBox = guest.getByRole('textbox', { name: 'Message' });
    await guestBox.fill('Hello from a guest');
    await guestBox.press('Enter');
    const guestLog = guest.getByRole('log', { name: 'Messages' });
    await expect(guestLog.getByText('Hello from a guest')).toBeVisible();
    expect(
      (await new AxeBuilder({ page: guest }).analyze()).violations.filter((v) => serious([v]).length),
    ).toEqual([]);

    // The team admin finds the guest on the team chat dashboard and answers; the guest sees it live.
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(`/team-chat-dashboard/${teamId}`);
    await adminPage.getByRole('link', { name: `Reply to ${guestName}` }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/team-chat/${roomId}$`));
    await expect(
      adminPage.getByRole('log', { name: 'Messages' }).getByText('Hello from a guest'),
    ).toBeVisible();
    const adminBox = adminPage.getByRole('textbox', { name: 'Message' });
    await adminBox.pressSequentially('Welcome');
    await expect(guest.getByText(`${admin.username} is typing...`)).toBeVisible();
    await adminBox.fill('Welcome! How can we help?');
    await adminBox.press('Enter');
    await expect(guestLog.getByText('Welcome! How can we help?')).toBeVisible();

    // The guest dashboard, then the upgrade.
    await guest.getByRole('link', { name: 'Guest Dashboard' }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Guest Dashboard' })).toBeVisible();
    await expect(guest.getByRole('heading', { name: `Your chat with ${teamName}` })).toBeVisible();
    await guest.getByRole('tab', { name: 'History' }).click();
    await expect(guest.getByRole('list', { name: 'Conversations' })).toContainText(teamName);
    await guest.getByRole('link', { name: 'Upgrade to Full Account' }).click();
    await expect(guest).toHaveURL(/\/register\?upgrade_guest=true$/);
    await expect(guest.getByText(/every conversation you had as a guest stays/)).toBeVisible();
    await guest.getByRole('button', { name: /^Buyer/ }).click();
    const username = newUsername('upgraded');
    await guest.getByLabel('Username', { exact: true }).fill(username);
    await guest.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest).toHaveURL(/\/login$/, { timeout: 15_000 });
    await guest.getByLabel('Email or Username', { exact: true }).fill(username);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Sign In' }).click();

    // Signed in, the same conversation is there, with the guest's words as the account's own.
    await expect(guest).toHaveURL(new RegExp(`/team-chat/${roomId}$`));
    const accountLog = guest.getByRole('log', { name: 'Messages' });
    await expect(accountLog.getByText('Hello from a guest')).toBeVisible();
    await expect(accountLog.getByText('Welcome! How can we help?')).toBeVisible();
    await expect(accountLog.getByText('You', { exact: true })).toBeVisible();
    await expect(guest.getByText('Buyer', { exact: true })).toBeVisible();
    const stored = await withDatabase((client) =>
      client.query<{ buyer: string }>(
        `select u.username as buyer from chat_rooms r join users u on u.id = r.buyer_id where r.id = $1`,
        [roomId],
      ),
    );
    expect(stored.rows).toEqual([{ buyer: username }]);

    // The old guest link now says the guest session is over and offers a new start.
    const stale = await (await browser.newContext()).newPage();
    await stale.goto(guestLink);
    await expect(stale.getByRole('heading', { name: 'Guest Session Expired' })).toBeVisible();
    await expect(stale.getByRole('link', { name: 'Start a New Chat' })).toBeVisible();
  });
});
