import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import {
  createAccount,
  createTeam,
  createTeamWithPackage,
  RUN,
  serious,
  signInToDashboard,
} from './support/marketplace';

/** The two sizes the product is tried at: a laptop and a phone. */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['1440×900', DESKTOP],
  ['390×844', PHONE],
] as const;

const openContexts: BrowserContext[] = [];

async function pageAt(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  openContexts.push(context);
  return context.newPage();
}

async function signedInAt(
  browser: Browser,
  username: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await pageAt(browser, viewport);
  await signInToDashboard(page, username);
  return page;
}

async function expectNoSeriousAxeFinding(page: Page): Promise<void> {
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
}

/** How far the page reaches past the right edge of the window; 0 when it cannot scroll sideways. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Whether the element lies wholly inside the window (not below the fold, not cut at a side). */
async function isInsideWindow(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  );
}

/**
 * Holds back the scripts whose name starts with `prefix` until `release` is called: the page the
 * server sent is on screen, the app is not there yet (as on a slow phone).
 */
async function holdScripts(page: Page, prefix: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${prefix}-[^/]+\\.js$`), async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A guest's conversation with a new team, made through the API as the Contact Team dialog does. */
async function guestChatPath(page: Page, messages: number): Promise<string> {
  const admin = await createAccount('ladmin', 'TEAM_ADMIN');
  const teamId = await createTeam(admin.id, `Layout Crew ${RUN} ${Math.random().toString(36).slice(2, 7)}`);
  const guest = await page.request.post('/api/guest-users', { data: { name: 'Lay Guest' } });
  expect(guest.ok()).toBe(true);
  const { guest_user_id, session_token } = (await guest.json()) as {
    guest_user_id: number;
    session_token: string;
  };
  const headers = { 'X-Guest-Token': session_token };
  const room = await page.request.post('/api/chat-rooms', {
    headers,
    data: { guest_user_id, team_id: teamId },
  });
  expect(room.ok()).toBe(true);
  const { chat_room_id } = (await room.json()) as { chat_room_id: number };
  for (let index = 1; index <= messages; index += 1) {
    const sent = await page.request.post(`/api/chat-rooms/${chat_room_id}/messages`, {
      headers,
      data: { message_text: `Message number ${index}\nwith a second line` },
    });
    expect(sent.ok()).toBe(true);
  }
  return `/chat/${chat_room_id}?guest_token=${encodeURIComponent(session_token)}`;
}

test.describe('layout faults', () => {
  // Several signed-in windows a test, on a machine shared with other work.
  test.describe.configure({ timeout: 120_000 });
  test.afterEach(async () => {
    await Promise.all(openContexts.splice(0).map((context) => context.close()));
  });

  for (const [name, viewport] of SIZES) {
    test(`guest chat at ${name}: the message box and Send are on screen, and no footer under the chat`, async ({
      browser,
    }) => {
      const page = await pageAt(browser, viewport);
      const path = await guestChatPath(page, 12);
      await page.goto(path);
      const box = page.getByRole('textbox', { name: 'Message' });
      const send = page.getByRole('button', { name: 'Send message' });
      await expect(page.getByRole('log', { name: 'Messages' }).getByText('Message number 12')).toBeVisible();
      expect(await isInsideWindow(page, box)).toBe(true);
      expect(await isInsideWindow(page, send)).toBe(true);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      // The page itself does not scroll: only the conversation does.
      await page.mouse.wheel(0, 2000);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await isInsideWindow(page, box)).toBe(true);

      // Smaller and larger windows keep the composer on screen too.
      for (const size of [
        { width: viewport.width, height: 480 },
        { width: viewport.width, height: 1200 },
      ]) {
        await page.setViewportSize(size);
        await expect.poll(() => isInsideWindow(page, send)).toBe(true);
      }
      await page.setViewportSize(viewport);
      await box.fill('Still here');
      await send.click();
      await expect(page.getByRole('log', { name: 'Messages' }).getByText('Still here')).toBeVisible();
      await expectNoSeriousAxeFinding(page);
    });
  }

  test('no page a journey visits scrolls sideways at 390 px, /teams/manage included', async ({ browser }) => {
    test.setTimeout(240_000);
    const admin = await createAccount('wadmin', 'TEAM_ADMIN');
    const buyer = await createAccount('wbuyer', 'BUYER');
    const shop = await createTeamWithPackage(admin.id, 12_500);

    const visitor = await pageAt(browser, PHONE);
    const chatPath = await guestChatPath(visitor, 2);
    const visitorPages = [
      '/',
      '/login',
      '/register',
      '/WebDevelopment',
      '/teams?service=web&options=Landing+Page&technologies=React&budget=5k-15k&timeline=1month',
      `/service-package/${shop.packageId}`,
      chatPath,
    ];
    const adminPages = [
      '/dashboard',
      '/teams/manage',
      '/teams/my-teams',
      '/teams/create',
      '/services',
      '/services/browse',
      '/services/create',
      '/services/manage-packages',
      '/orders',
      '/messages',
      `/team-chat-dashboard/${shop.teamId}`,
      '/verification',
      '/profile',
      '/activity',
      '/billing-payments',
    ];
    const buyerPages = ['/dashboard', `/payment/${shop.packageId}`, '/orders', '/billing-payments'];

    const wide: string[] = [];
    const check = async (page: Page, paths: readonly string[], who: string) => {
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Pages draw their data after the heading: give them a moment to reach their final width.
        await page.waitForLoadState('networkidle');
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) wide.push(`${who} ${path}: ${overflow} px too wide`);
      }
    };
    await check(visitor, visitorPages, 'visitor');
    await check(await signedInAt(browser, admin.username, PHONE), adminPages, 'team admin');
    await check(await signedInAt(browser, buyer.username, PHONE), buyerPages, 'buyer');
    expect(wide).toEqual([]);
  });

  test('/teams/manage fits a phone, and stays clean for axe', async ({ browser }) => {
    const admin = await createAccount('madmin', 'TEAM_ADMIN');
    await createTeamWithPackage(admin.id, 9_900);
    const page = await signedInAt(browser, admin.username, PHONE);
    await page.goto('/teams/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Team Management' })).toBeVisible();
    await expect(page.getByRole('tablist').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeFinding(page);
  });

  test('/billing-payments at 1440 px: the payment history fits, and its region is reachable by keyboard', async ({
    browser,
  }) => {
    const admin = await createAccount('padmin', 'TEAM_ADMIN');
    const buyer = await createAccount('pbuyer', 'BUYER');
    const shop = await createTeamWithPackage(admin.id, 24_900);
    const page = await signedInAt(browser, buyer.username, DESKTOP);
    await page.goto(`/payment/${shop.packageId}`);
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry Month').selectOption('12');
    await page.getByLabel('Expiry Year').selectOption(String(new Date().getUTCFullYear() + 2));
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Cardholder Name').fill('Lay Buyer');
    await page.getByLabel('Street Address').fill('1 Market Street');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('State / Province').fill('CA');
    await page.getByLabel('Postal Code').fill('94105');
    await page.getByRole('button', { name: 'Pay $249.00' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);

    await page.goto('/billing-payments');
    const history = page.getByRole('region', { name: 'Payment history table' });
    await expect(history.getByRole('table')).toContainText('$249.00');
    const fits = await history.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    expect(await history.getAttribute('tabindex')).toBe('0');
    await expectNoSeriousAxeFinding(page);

    // On a phone the table scrolls inside its region, which the keyboard reaches and scrolls.
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBe(0);
    await history.focus();
    await expect(history).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => history.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoSeriousAxeFinding(page);
  });

  test('a visitor who scrolls while the landing page loads stays there, and the contact form loads', async ({
    browser,
  }) => {
    const page = await pageAt(browser, DESKTOP);
    const release = await holdScripts(page, 'index');
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Let’s talk about your project' })).toBeAttached();
    await page.evaluate(() => document.getElementById('contact')?.scrollIntoView({ block: 'start' }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);

    release();
    // The form appears where the visitor is; they were not thrown back to the top.
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect(page.locator('#contact').getByRole('textbox').first()).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Let’s talk about your project' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  test('a signed-in person never sees Login or Join on a pre-rendered page; a visitor does', async ({
    browser,
  }) => {
    const buyer = await createAccount('hbuyer', 'BUYER');
    const page = await signedInAt(browser, buyer.username, DESKTOP);
    const release = await holdScripts(page, 'app-shell');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // The entry has read the stored session; the app itself is still held back.
    await expect(page.locator('html')).toHaveAttribute('data-session', 'signed-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Join' })).toBeHidden();
    release();
    await expect(page.getByRole('button', { name: `Account menu for ${buyer.username}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-session', 'settled');

    const visitor = await pageAt(browser, DESKTOP);
    const releaseVisitor = await holdScripts(visitor, 'app-shell');
    await visitor.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(visitor.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Join' })).toBeVisible();
    releaseVisitor();
  });

  test('the signed-in header leads to the app, with Messages and the Verification centre', async ({
    browser,
  }) => {
    const buyer = await createAccount('nbuyer', 'BUYER');
    const page = await signedInAt(browser, buyer.username, DESKTOP);
    await page.goto('/WebDevelopment');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Services', exact: true })).toHaveCount(1);
    await expect(main.getByRole('link', { name: 'About' })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Verification' })
      .click();
    await expect(page).toHaveURL(/\/verification$/);
    await main.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expectNoSeriousAxeFinding(page);

    const phone = await signedInAt(browser, buyer.username, PHONE);
    await phone.goto('/WebDevelopment');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.locator('#mobile-navigation');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Messages' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Verification' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'About' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'About' })).toHaveCount(0);
  });

  test('package page on a phone: a bar along the bottom with the price and Buy Now', async ({ browser }) => {
    const admin = await createAccount('kadmin', 'TEAM_ADMIN');
    const shop = await createTeamWithPackage(admin.id, 34_900);
    const phone = await pageAt(browser, PHONE);
    await phone.goto(`/service-package/${shop.packageId}`);
    const bar = phone.getByRole('region', { name: 'Buy this package' });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('$349.00');
    expect(await isInsideWindow(phone, bar)).toBe(true);
    await phone.mouse.wheel(0, 1500);
    await expect.poll(() => phone.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await isInsideWindow(phone, bar)).toBe(true);
    await expectNoSeriousAxeFinding(phone);
    await bar.getByRole('link', { name: 'Buy Now' }).click();
    await expect(phone).toHaveURL(/\/login$/);

    const desktop = await pageAt(browser, DESKTOP);
    await desktop.goto(`/service-package/${shop.packageId}`);
    await expect(desktop.getByRole('heading', { level: 1, name: shop.title })).toBeVisible();
    await expect(desktop.getByRole('region', { name: 'Buy this package' })).toBeHidden();
    await expect(desktop.getByRole('link', { name: 'Buy Now' })).toHaveCount(1);
  });

  for (const [name, viewport] of SIZES) {
    test(`after a route change at ${name}, focus is on the new page's main heading`, async ({ browser }) => {
      const page = await pageAt(browser, viewport);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
      await page.getByRole('link', { name: 'Cloud Solutions' }).click();
      await expect(page).toHaveURL(/\/CloudSolutions$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      // Tab continues from the top of the new page.
      await page.keyboard.press('Tab');
      const next = await page.evaluate(() => document.activeElement?.closest('main') !== null);
      expect(next).toBe(true);
    });
  }
});
