import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  createAccount,
  createTeam,
  RUN,
  serious,
  signedInPage,
  contactTeamFromBrowse,
} from './support/marketplace';

/**
 * A noisy PNG of a few megabytes: big enough for the upload to report progress, a real image for the
 * thumbnail.
 */
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
    const roomPath = await contactTeamFromBrowse(buyerPage, teamName);
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
      // Disconnects once seen: writing the flag is itself a mutation and would wake the observer forever.
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role=progressbar]')) return;
        document.body.dataset.sawProgress = 'yes';
        observer.disconnect();
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

  test('the bell count rises and falls live, and the team finds the conversation on its chat dashboard', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const buyer = await createAccount('bbuyer', 'BUYER');
    const admin = await createAccount('badmin', 'TEAM_ADMIN');
    const teamName = `Bell Crew ${RUN}`;
    const teamId = await createTeam(admin.id, teamName);

    const buyerPage = await signedInPage(browser, buyer.username);
    const roomPath = await contactTeamFromBrowse(buyerPage, teamName);
    const buyerBox = buyerPage.getByRole('textbox', { name: 'Message' });
    await buyerBox.fill('Do you build landing pages?');
    await buyerBox.press('Enter');
    await expect(
      buyerPage.getByRole('log', { name: 'Messages' }).getByText('Do you build landing pages?'),
    ).toBeVisible();

    // The team sees the conversation on its dashboard, reached by the old /teams/{id}/chats path too.
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(`/teams/${teamId}/chats`);
    await expect(adminPage).toHaveURL(new RegExp(`/team-chat-dashboard/${teamId}$`));
    const card = adminPage.getByRole('article', { name: buyer.username });
    await expect(card.getByText('Do you build landing pages?')).toBeVisible();
    await expect(adminPage.getByLabel('Conversation statistics')).toContainText('Total Conversations1');
    await expect(adminPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(serious((await new AxeBuilder({ page: adminPage }).analyze()).violations)).toEqual([]);

    // The buyer waits on the inbox page; the admin answers from the team chat page.
    await buyerPage.goto('/messages');
    await expect(buyerPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await card.getByRole('link', { name: `Reply to ${buyer.username}` }).click();
    await expect(adminPage).toHaveURL(new RegExp(`${roomPath}$`));
    const adminBox = adminPage.getByRole('textbox', { name: 'Message' });
    await adminBox.fill('Yes, in a week.');
    await adminBox.press('Enter');

    // Rises without a reload (the user socket), in the bell and on the inbox page.
    await expect(buyerPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await expect(
      buyerPage
        .getByRole('list', { name: 'Conversations' })
        .getByRole('link', { name: new RegExp(teamName) }),
    ).toContainText('1 unread');

    // Opening the room from the bell reads it; back on the inbox the count has fallen.
    await buyerPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await buyerPage.getByRole('menuitem', { name: new RegExp(teamName) }).click();
    await expect(buyerPage).toHaveURL(new RegExp(`${roomPath}$`));
    await expect(buyerPage.getByRole('log', { name: 'Messages' }).getByText('Yes, in a week.')).toBeVisible();
    await buyerPage.goto('/messages');
    await expect(buyerPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(buyerPage.getByRole('list', { name: 'Conversations' })).not.toContainText('unread');
    expect(serious((await new AxeBuilder({ page: buyerPage }).analyze()).violations)).toEqual([]);

    // A visitor with the room's address gets the access view, not a crash.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(roomPath);
    await expect(visitor.getByText('Please log in to access team chats.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Go to Login' })).toBeVisible();
  });
});
