import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  createAccount,
  createTeam,
  expectToast,
  newUsername,
  serious,
  signedInPage,
} from './support/marketplace';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a team admin hears of an application live, in the bell and on /notifications, at ${viewport.width}px`, async ({
    browser,
  }) => {
    // Two users sign in, one applies through the form, the other's pages update live.
    test.slow();
    const admin = await createAccount('bell_admin', 'TEAM_ADMIN');
    const seller = await createAccount('bell_seller', 'SELLER');
    const teamName = newUsername('Bell Crew');
    await createTeam(admin.id, teamName, { findable: true });

    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.setViewportSize(viewport);
    await adminPage.goto('/notifications');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(adminPage.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();

    const sellerPage = await signedInPage(browser, seller.username);
    await sellerPage.goto('/teams/browse');
    await sellerPage.getByLabel('Search teams by name').fill(teamName);
    await sellerPage.getByLabel(/^Application Message/).fill('I build launch pages every week.');
    await sellerPage.getByRole('button', { name: `Apply to Join: ${teamName}` }).click();
    await expectToast(sellerPage, 'Application submitted successfully!');

    // Live: the centre's list and the bell's count, without a reload.
    const text = `${seller.username} applied to join ${teamName}`;
    const list = adminPage.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('link', { name: new RegExp(text) })).toBeVisible();
    await expect(list.getByRole('link', { name: new RegExp(text) })).toContainText('(unread)');
    await expect(adminPage.getByRole('button', { name: /^Notifications, 1 unread/ })).toBeVisible();
    expect(serious((await new AxeBuilder({ page: adminPage }).analyze()).violations)).toEqual([]);
    expect(
      await adminPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);

    // The bell lists it too, leading to where applications are handled.
    await adminPage.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
    const inBell = adminPage.getByRole('menuitem', { name: new RegExp(text) });
    await expect(inBell).toHaveAttribute('href', '/teams/manage');
    await adminPage.keyboard.press('Escape');

    // Opening it marks it read.
    await list.getByRole('link', { name: new RegExp(text) }).click();
    await expect(adminPage).toHaveURL(/\/teams\/manage/);
    await adminPage.goto('/notifications');
    await expect(
      adminPage.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: new RegExp(text) }),
    ).not.toContainText('(unread)');
    await adminPage.getByRole('button', { name: 'Unread' }).click();
    await expect(adminPage.getByRole('heading', { name: 'No unread notifications' })).toBeVisible();

    await adminPage.context().close();
    await sellerPage.context().close();
  });
}
