import { expect, test, type Page } from '@playwright/test';
import { createAccount, createTeam, RUN, signedInPage, contactTeamFromBrowse } from './support/marketplace';

/**
 * Text that people type and names of files they send are shown as text, never run as code: markup and
 * script in a chat message and in a file name are displayed literally on both sides.
 */
const MESSAGE = `<img src=x onerror="window.__hostile='message'"><script>window.__hostile='script'</script> hi`;
// No double quotes: Chromium percent-encodes them in a multipart file name.
const FILE_NAME = '<img src=x onerror=window.__hostile=1>.txt';

async function ranNothing(page: Page) {
  expect(await page.evaluate(() => (window as { __hostile?: string }).__hostile)).toBeUndefined();
  // No element of the message made it into the page as markup.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('script in chat text and file names is shown as text and never runs', async ({ browser }) => {
  test.setTimeout(90_000);
  const buyer = await createAccount('xbuyer', 'BUYER');
  const admin = await createAccount('xadmin', 'TEAM_ADMIN');
  const teamName = `Hostile Text Crew ${RUN}`;
  await createTeam(admin.id, teamName);

  const buyerPage = await signedInPage(browser, buyer.username);
  const roomPath = await contactTeamFromBrowse(buyerPage, teamName);

  const box = buyerPage.getByRole('textbox', { name: 'Message' });
  await box.fill(MESSAGE);
  await box.press('Enter');
  const buyerLog = buyerPage.getByRole('log', { name: 'Messages' });
  await expect(buyerLog.getByText(MESSAGE)).toBeVisible();

  await buyerPage.locator('input[type=file]').setInputFiles({
    name: FILE_NAME,
    mimeType: 'text/plain',
    buffer: Buffer.from('just text'),
  });
  await expect(buyerLog.getByText(FILE_NAME).first()).toBeVisible();
  await ranNothing(buyerPage);

  // The team reads both in its own page, after a fresh load from the server.
  const adminPage = await signedInPage(browser, admin.username);
  await adminPage.goto(roomPath);
  const adminLog = adminPage.getByRole('log', { name: 'Messages' });
  await expect(adminLog.getByText(MESSAGE)).toBeVisible();
  await expect(adminLog.getByText(FILE_NAME).first()).toBeVisible();
  await ranNothing(adminPage);

  // The inbox previews the last message (the file's name) as text as well.
  await adminPage.goto('/messages');
  await expect(adminPage.getByRole('link', { name: new RegExp(buyer.username) })).toContainText(FILE_NAME);
  await ranNothing(adminPage);
  await buyerPage.close();
  await adminPage.close();
});
