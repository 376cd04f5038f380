import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '../../api/src/platform/auth/password';
import { expectToast, serious, signInToDashboard, signOut } from './support/marketplace';
import { withDatabase } from './support/database';

const PASSWORD = 'team-secret-1';
const REASON =
  'I have led two delivery teams of five people for three years and would like to run a team here.';

type Role = 'SELLER' | 'GENERAL_ADMIN';

let sequence = 0;
/** Unique per run and per call, within the 30 characters a username may have. */
function newUsername(prefix: string): string {
  sequence += 1;
  return `${prefix}_${Date.now().toString(36)}${sequence}`;
}

/**
 * Accounts are stored directly: a general admin cannot register itself (no one may grant themselves
 * that role), and the journeys of all files share the registration limit of 20 per hour per address.
 * A low scrypt cost keeps it quick; the server reads the cost from the hash.
 */
async function createAccount(prefix: string, role: Role): Promise<string> {
  const username = newUsername(prefix);
  const passwordHash = await hashPassword(PASSWORD, 10);
  await withDatabase((client) =>
    client.query(
      `insert into users (username, email, password_hash, role, email_verified)
       values ($1, $2, $3, $4, true)`,
      [username, `${username}@example.com`, passwordHash, role],
    ),
  );
  return username;
}

async function signIn(page: Page, username: string) {
  // A fresh entry: signing out of a protected page leaves it in /login's history state as the way back.
  await page.goto('about:blank');
  await signInToDashboard(page, username, PASSWORD);
}

test.describe('team management', () => {
  test('a seller becomes a team admin, creates a team, and decides on an application', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createAccount('gadmin', 'GENERAL_ADMIN');
    const founder = await createAccount('founder', 'SELLER');
    const joiner = await createAccount('joiner', 'SELLER');
    const teamName = `Launch Crew ${newUsername('t')}`;

    // The seller asks to become a team admin from the dashboard card.
    await signIn(page, founder);
    const card = page.getByRole('region', { name: 'Team Admin application' });
    const reason = card.getByLabel(/^Why do you want to become a Team Admin/);
    await reason.fill('Too short');
    await expect(card.getByText('9/50 characters minimum (41 more needed)')).toBeVisible();
    await card.getByRole('button', { name: 'Apply for Team Admin' }).click();
    await expect(card.getByText('Verification message must be at least 50 characters')).toBeVisible();
    await reason.fill(REASON);
    await card.getByLabel(/^Supporting documents URL/).fill('https://example.com/portfolio');
    await card.getByRole('button', { name: 'Apply for Team Admin' }).click();
    await expectToast(page, 'Verification request submitted successfully!');
    await expect(card.getByRole('button', { name: 'Verification Pending' })).toBeDisabled();
    await signOut(page);

    // A general admin approves it, with the response message the approval needs.
    await signIn(page, admin);
    await page.goto('/admin/verifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const request = page.getByRole('article', { name: founder });
    await expect(request.getByText(REASON)).toBeVisible();
    await expect(request.getByRole('link', { name: /View supporting documents/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await request.getByRole('button', { name: `Approve ${founder}'s request` }).click();
    await request.getByRole('button', { name: 'Confirm Approval' }).click();
    await expect(request.getByText('A response message is required to approve a request')).toBeVisible();
    await request.getByLabel(/^Response message/).fill('Welcome, you can create teams now.');
    await request.getByRole('button', { name: 'Confirm Approval' }).click();
    await expectToast(page, 'Verification request approved successfully!');
    await expect(request).toHaveCount(0);
    const stored = await withDatabase((client) =>
      client.query<{ role: string; is_verified: boolean }>(
        'select role, is_verified from users where username = $1',
        [founder],
      ),
    );
    expect(stored.rows[0]).toEqual({ role: 'TEAM_ADMIN', is_verified: true });
    await signOut(page);

    // The new team admin creates a team through the cascade.
    await signIn(page, founder);
    // A verified team admin no longer sees the application card (issue 18, decision 0063).
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(card).toBeHidden();
    await page.getByRole('navigation', { name: 'Go to' }).getByRole('link', { name: 'Create Team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Team' })).toBeVisible();
    await page.getByLabel(/^Team Name/).fill(teamName);
    await page.getByLabel(/^Description/).fill('Launch pages shipped in a week.');
    await expect(page.getByLabel(/^Maximum Members/)).toHaveValue('10');
    await page.getByLabel(/^Service Category/).selectOption({ label: 'Web Development' });
    await page.getByLabel(/^Project Type/).selectOption({ label: 'Landing Page' });
    await page.getByLabel(/^Project Sub-type/).selectOption({ label: 'Product Launch Page' });
    await page.getByRole('button', { name: 'Vercel', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Vercel', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page).toHaveURL(/\/teams\/manage(\?team=\d+)?$/);
    await expect(page.getByRole('heading', { level: 2, name: teamName })).toBeVisible();
    await expect(page.getByText('Product Launch Page')).toBeVisible();
    await signOut(page);

    // A second seller finds the team and applies.
    await signIn(page, joiner);
    await page.goto('/teams/browse');
    await page.getByLabel('Search teams by name').fill(teamName);
    await page.getByLabel(/^Application Message/).fill('I build launch pages every week.');
    await page.getByRole('button', { name: `Apply to Join: ${teamName}` }).click();
    await expectToast(page, 'Application submitted successfully!');
    await signOut(page);

    // The admin approves it with a message, then removes the new member after a confirmation.
    await signIn(page, founder);
    await page.goto('/teams/my-teams');
    await expect(page.getByRole('heading', { level: 2, name: teamName })).toBeVisible();
    await page.getByRole('tab', { name: 'Applications (1 pending)' }).click();
    const application = page.getByRole('article', { name: joiner });
    await expect(application.getByText('I build launch pages every week.')).toBeVisible();
    await application.getByRole('button', { name: `Approve ${joiner}'s application` }).click();
    await application.getByLabel(/^Response message/).fill('Welcome aboard!');
    await application.getByRole('button', { name: 'Confirm Approval' }).click();
    await expectToast(page, 'Application approved successfully!');
    await expect(page.getByRole('tab', { name: 'Applications (0 pending)' })).toBeVisible();

    await page.getByRole('tab', { name: 'Members (2)' }).click();
    const members = page.getByRole('list', { name: 'Team members' });
    await expect(members.getByRole('link', { name: joiner })).toHaveAttribute('href', /^\/users\/\d+$/);
    await expect(members.getByRole('button', { name: `Remove ${founder}` })).toHaveCount(0);
    await members.getByRole('button', { name: `Remove ${joiner}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove team member?' });
    await expect(dialog).toContainText(`${joiner} will no longer be a member of ${teamName}.`);
    await dialog.getByRole('button', { name: 'Remove Member' }).click();
    await expectToast(page, `${joiner} was removed from ${teamName}`);
    await expect(page.getByRole('tab', { name: 'Members (1)' })).toBeVisible();
    await signOut(page);

    // The seller's own screen shows the application as approved, with the admin's response.
    await signIn(page, joiner);
    await page.goto('/teams/manage');
    const applied = page.getByRole('list', { name: 'My applications' });
    const mine = applied.getByRole('article', { name: teamName });
    await expect(mine.getByText('Approved', { exact: true })).toBeVisible();
    await expect(mine.getByText('Welcome aboard!')).toBeVisible();
    await expect(page.getByText('You are not a member of any team yet.')).toBeVisible();
  });

  test('/verification and /teams/create have no serious accessibility violations', async ({ page }) => {
    const seller = await createAccount('axeseller', 'SELLER');
    await signIn(page, seller);
    await page.goto('/verification');
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Centre' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Please provide a reason for your application')).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    await page.goto('/teams/create');
    await expect(
      page.getByText('Only verified team admins can create teams.', { exact: false }),
    ).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    await signOut(page);

    const teamAdmin = await createAccount('axeadmin', 'SELLER');
    await withDatabase((client) =>
      client.query(`update users set role = 'TEAM_ADMIN', is_verified = true where username = $1`, [
        teamAdmin,
      ]),
    );
    await signIn(page, teamAdmin);
    await page.goto('/teams/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Team' })).toBeVisible();
    await page.getByLabel(/^Service Category/).selectOption({ label: 'Web Development' });
    await page.getByLabel(/^Project Type/).selectOption({ label: 'Landing Page' });
    await expect(page.getByRole('button', { name: 'React', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByText('Team name is required')).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  });
});
