import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serious, signInToDashboard, signOut } from './support/marketplace';
import { withDatabase } from './support/database';

const PASSWORD = 'first-secret-1';
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let sequence = 0;
/** Unique per run and per call, within the 30 characters a username may have. */
function newAccount(prefix: string) {
  sequence += 1;
  const username = `${prefix}_${Date.now().toString(36)}${sequence}`;
  return { username, email: `${username}@example.com` };
}

/** The link of the newest email to an address, as the person would click it in their mailbox. */
async function latestEmailLink(address: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const body = await withDatabase(async (client) => {
        const result = await client.query<{ text_body: string }>(
          'select text_body from email_outbox where to_address = $1 order by created_at desc, id desc limit 1',
          [address],
        );
        return result.rows[0]?.text_body ?? '';
      });
      link = new RegExp(`https?://\\S+${path}\\?token=[^\\s"'<>]+`).exec(body)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function registerThroughApi(
  page: Page,
  account: { username: string; email: string },
  password = PASSWORD,
) {
  const response = await page.request.post('/api/auth/register', {
    data: { ...account, password, role: 'BUYER' },
  });
  expect(response.status()).toBe(201);
}

test.describe('accounts', () => {
  test('a buyer registers in two steps, verifies the email and signs in with email and username', async ({
    page,
  }) => {
    // Two timed redirects (after registering, after verifying) and two sign-ins: more than the default time.
    test.slow();
    const account = newAccount('buyer');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Choose Your Account Type' })).toBeVisible();
    await page.getByRole('button', { name: /^Buyer/ }).click();
    await expect(page.getByRole('heading', { name: 'Create your Buyer account' })).toBeVisible();
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText(
        `Registration successful! Please check your email (${account.email}) for a verification link to complete your account setup.`,
      ),
    ).toBeVisible();
    // After 5 s the page moves on to sign-in by itself.
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });

    const stored = await withDatabase((client) =>
      client.query<{ role: string; email_verified: boolean }>(
        'select role, email_verified from users where username = $1',
        [account.username],
      ),
    );
    expect(stored.rows[0]).toEqual({ role: 'BUYER', email_verified: false });

    await page.goto(await latestEmailLink(account.email, '/verify-email'));
    await expect(
      page.getByText('Email has been verified successfully! You can now log in to your account.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    await signInToDashboard(page, account.email, PASSWORD);
    const card = page.getByRole('region', { name: 'Profile overview' });
    await expect(card.getByText(account.username, { exact: true })).toBeVisible();
    await expect(card.getByText(account.email)).toBeVisible();
    await expect(card.getByText('ACTIVE', { exact: true })).toBeVisible();
    await expect(card.getByText('Buyer', { exact: true })).toBeVisible();
    // The navigation bar is hidden on the dashboard; its own header carries the profile menu.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Go to' }).getByRole('link', { name: 'Services' }),
    ).toBeVisible();

    await signOut(page);
    await signInToDashboard(page, account.username, PASSWORD);
    await expect(page.getByRole('region', { name: 'Profile overview' })).toBeVisible();
  });

  test('a wrong password is explained above the form', async ({ page }) => {
    const account = newAccount('wrongpw');
    await registerThroughApi(page, account);
    await page.goto('/login');
    await page.getByLabel('Email or Username', { exact: true }).fill(account.email);
    await expect(page.locator('.lucide-mail')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user changes the password and signs in with the new one', async ({ page }) => {
    const account = newAccount('changer');
    await registerThroughApi(page, account);
    await signInToDashboard(page, account.username, PASSWORD);

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
    await page.getByLabel('Current Password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('second-secret-2');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('second-secret-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      // Radix repeats a toast's text in a live region for screen readers.
      page.getByText('Password changed successfully. Other sessions have been signed out.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await signOut(page);
    await page.getByLabel('Email or Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
    await signInToDashboard(page, account.username, 'second-secret-2');

    await page.goto('/activity');
    await expect(page.getByRole('list', { name: 'Activity' }).getByText('Signed in').first()).toBeVisible();
  });

  test('a user edits the profile and uploads a picture', async ({ page }) => {
    const account = newAccount('editor');
    await registerThroughApi(page, account);
    await signInToDashboard(page, account.username, PASSWORD);
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();

    const chooser = page.getByLabel('Choose Image', { exact: true });
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please select an image file')).toBeVisible();
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByText(/Selected: me\.png/)).toBeVisible();
    await page.getByLabel('Full Name', { exact: false }).fill('Edna Editor');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    // The form returns to the profile page, 2 s later.
    await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });
    const card = page.getByRole('region', { name: 'Profile summary' });
    await expect(card.getByText('Edna Editor')).toBeVisible();
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('a user who forgot the password resets it from the emailed link', async ({ page }) => {
    const account = newAccount('forgets');
    await registerThroughApi(page, account);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill(account.email);
    await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(dialog.getByText('Password reset instructions have been sent to your email')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto(await latestEmailLink(account.email, '/reset-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('reset-secret-3');
    await page.getByLabel('Confirm Password', { exact: true }).fill('reset-secret-3');
    await page.getByRole('button', { name: 'Show new password' }).click();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Password has been reset successfully! You can now log in with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    await signInToDashboard(page, account.email, 'reset-secret-3');
  });

  test('guards send a visitor to /login and a signed-in user away from /login', async ({ page }) => {
    for (const path of ['/dashboard', '/messages', '/billing-payments', '/services/browse']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

    const account = newAccount('guarded');
    await registerThroughApi(page, account);
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Back to where the guard stopped the visitor.
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an expired access token is renewed without the user noticing', async ({ page }) => {
    const account = newAccount('renews');
    await registerThroughApi(page, account);
    await signInToDashboard(page, account.username, PASSWORD);
    const refreshTokenBefore = await page.evaluate(() => window.localStorage.getItem('refresh_token'));

    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/refresh') refreshCalls.push(request.method());
    });
    await page.evaluate(() => window.localStorage.setItem('access_token', 'expired.garbage.token'));
    await page.reload();

    const card = page.getByRole('region', { name: 'Profile overview' });
    await expect(card.getByText(account.username, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The user and the navigation flags were both refused at once, and shared a single refresh.
    expect(refreshCalls).toEqual(['POST']);
    const refreshTokenAfter = await page.evaluate(() => window.localStorage.getItem('refresh_token'));
    expect(refreshTokenAfter).not.toBe(refreshTokenBefore);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).not.toBe(
      'expired.garbage.token',
    );
  });

  test('a refused refresh ends the session and sends the user to /login', async ({ page }) => {
    const account = newAccount('expires');
    await registerThroughApi(page, account);
    await signInToDashboard(page, account.username, PASSWORD);
    await page.evaluate(() => {
      window.localStorage.setItem('access_token', 'expired.garbage.token');
      window.localStorage.setItem('refresh_token', 'revoked-refresh-token');
    });
    await page.goto('/activity');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('refresh_token'))).toBeNull();
  });

  for (const path of ['/login', '/register']) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/register') {
        const accessibility = await new AxeBuilder({ page }).analyze();
        expect(serious(accessibility.violations)).toEqual([]);
        await page.getByRole('button', { name: /^Seller/ }).click();
        await expect(page.getByLabel('Confirm Password', { exact: true })).toBeVisible();
        await page.getByRole('button', { name: 'Create Account' }).click();
        await expect(page.getByText('Username is required')).toBeVisible();
      } else {
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByText('Please enter your email or username')).toBeVisible();
        await page.getByRole('button', { name: 'Forgot Password?' }).click();
        await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
      }
      const accessibility = await new AxeBuilder({ page }).analyze();
      expect(serious(accessibility.violations)).toEqual([]);
    });
  }
});
