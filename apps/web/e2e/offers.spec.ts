import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD,
  contactTeamFromBrowse,
  createAccount,
  createTeam,
  expectToast,
  newUsername,
  RUN,
  serious,
  signedInPage,
} from './support/marketplace';

const TEAMS_QUERY =
  '/teams?service=web&options=Landing+Page&technologies=React&budget=5k-15k&timeline=1month';
const PHONE = { width: 390, height: 844 };
const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(serious(violations)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** The team member sends an offer from the composer of the open conversation. */
async function sendOffer(page: Page, title: string, price: string) {
  await page.getByRole('button', { name: 'Offer', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Send a Custom Offer' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A booking site with a calendar, payments and an admin area.');
  await form.getByLabel('Price (USD)').fill(price);
  await form.getByLabel('Delivery (days)').fill('21');
  await form.getByLabel('Revisions').fill('2');
  await expect(form.getByLabel('Expires in (days)')).toHaveValue('7');
  await form.getByRole('button', { name: 'Send Offer' }).click();
  await expect(form).toBeHidden();
}

function offerCard(page: Page, title: string) {
  return page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: title });
}

async function fillPayment(page: Page) {
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry Month').selectOption('12');
  await page.getByLabel('Expiry Year').selectOption(EXPIRY_YEAR);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder Name').fill('Grace Buyer');
  await page.getByLabel('Street Address').fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State / Province').fill('CA');
  await page.getByLabel('Postal Code').fill('94105');
}

test.describe('custom offers', () => {
  test('a guest asks, the team sends an offer, the guest signs up from its card, pays, and the team sees the order', async ({
    browser,
  }) => {
    // Two browsers, a sign-up with its timed redirect and a payment: slow on a busy machine.
    test.setTimeout(240_000);
    const admin = await createAccount('ofadmin', 'TEAM_ADMIN');
    const teamName = `Offer Crew ${RUN}`;
    const teamId = await createTeam(admin.id, teamName, { findable: true });
    const guestName = `Olive ${RUN}`;
    const title = `Booking site ${RUN}`;

    // A visitor on a phone asks the team a question as a guest.
    const guest = await (await browser.newContext({ viewport: PHONE })).newPage();
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
    await quickStart.getByLabel('Your Name').fill(guestName);
    await quickStart.getByRole('button', { name: 'Start Chat' }).click();
    await expect(guest).toHaveURL(/\/chat\/\d+\?guest_token=.+$/);
    const roomId = Number(new URL(guest.url()).pathname.split('/').at(-1));
    const guestBox = guest.getByRole('textbox', { name: 'Message' });
    await guestBox.fill('Could you build a booking site for about $5,600?');
    await guestBox.press('Enter');
    await expect(
      guest.getByRole('log', { name: 'Messages' }).getByText(/booking site for about/),
    ).toBeVisible();
    // A guest cannot send offers.
    await expect(guest.getByRole('button', { name: 'Offer', exact: true })).toHaveCount(0);

    // The team opens the conversation and sends an offer; the guest sees its card at once.
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(`/team-chat-dashboard/${teamId}`);
    await adminPage.getByRole('link', { name: `Reply to ${guestName}` }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/team-chat/${roomId}$`));
    await sendOffer(adminPage, title, '5600');
    await expectToast(adminPage, 'Offer sent');
    await expect(offerCard(adminPage, title).getByRole('button', { name: 'Withdraw' })).toBeVisible();

    const guestCard = offerCard(guest, title);
    await expect(guestCard).toBeVisible();
    await expect(guestCard.getByText('$5,600.00')).toBeVisible();
    await expect(guestCard.getByText('21 days')).toBeVisible();
    await expect(guestCard.getByText(/^Expires in (6 days 23 h|7 days)$/)).toBeVisible();
    await expect(guestCard.getByText('Pending')).toBeVisible();
    await expectAxeClean(guest);
    await expectNoSidewaysScroll(guest);

    // Accept leads a guest to sign up; signing in afterwards comes back to the same conversation.
    await guestCard.getByRole('link', { name: 'Accept', exact: true }).click();
    await expect(guest).toHaveURL(/\/register\?upgrade_guest=true$/);
    await guest.getByRole('button', { name: /^Buyer/ }).click();
    const username = newUsername('offerbuyer');
    await guest.getByLabel('Username', { exact: true }).fill(username);
    await guest.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest).toHaveURL(/\/login$/, { timeout: 15_000 });
    await guest.getByLabel('Email or Username', { exact: true }).fill(username);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Sign In' }).click();
    await expect(guest).toHaveURL(new RegExp(`/team-chat/${roomId}$`));

    // Now a buyer, the same offer is payable.
    const buyerCard = offerCard(guest, title);
    await buyerCard.getByRole('link', { name: 'Accept and pay' }).click();
    await expect(guest).toHaveURL(/\/payment\/offer\/\d+$/);
    await expect(guest.getByRole('heading', { name: title })).toBeVisible();
    await expect(guest.getByText('21 days delivery')).toBeVisible();
    await expectAxeClean(guest);
    await expectNoSidewaysScroll(guest);
    await fillPayment(guest);
    await guest.getByRole('button', { name: 'Pay $5,600.00' }).click();
    await expect(guest).toHaveURL(/\/order-confirmation\/\d+$/);
    const orderId = Number(new URL(guest.url()).pathname.split('/').at(-1));

    // The team sees the card accepted live, the dashboard's latest offer, and the order.
    const adminCard = offerCard(adminPage, title);
    await expect(adminCard.getByText('Accepted').first()).toBeVisible();
    await expect(adminCard.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/orders/${orderId}`,
    );
    await adminPage.goto(`/team-chat-dashboard/${teamId}`);
    const conversation = adminPage.getByRole('article', { name: username });
    await expect(conversation.getByText(title, { exact: true })).toBeVisible();
    await expect(conversation.getByText('Accepted')).toBeVisible();
    await adminPage.goto('/orders');
    const orderLink = adminPage.getByRole('link', { name: 'Custom offer' }).first();
    await expect(orderLink).toHaveAttribute('href', `/team-chat/${roomId}`);
    await expectAxeClean(adminPage);
  });

  test('the buyer declines an offer and the team withdraws another, each after a confirmation dialog', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await createAccount('owadmin', 'TEAM_ADMIN');
    const buyer = await createAccount('owbuyer', 'BUYER');
    const teamName = `Withdraw Crew ${RUN}`;
    await createTeam(admin.id, teamName, { findable: true });

    const buyerPage = await signedInPage(browser, buyer.username);
    const roomPath = await contactTeamFromBrowse(buyerPage, teamName);
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(roomPath);

    const first = `First offer ${RUN}`;
    await sendOffer(adminPage, first, '1200');
    const buyerFirst = offerCard(buyerPage, first);
    await buyerFirst.getByRole('button', { name: 'Decline' }).click();
    const decline = buyerPage.getByRole('dialog', { name: 'Decline Offer' });
    await expect(decline.getByText('Decline this offer? The team will be told.')).toBeVisible();
    await expectAxeClean(buyerPage);
    await decline.getByRole('button', { name: 'Decline' }).click();
    await expectToast(buyerPage, 'Offer declined');
    await expect(buyerFirst.getByText('Declined').first()).toBeVisible();
    await expect(offerCard(adminPage, first).getByText('Declined').first()).toBeVisible();
    await expect(offerCard(adminPage, first).getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

    const second = `Second offer ${RUN}`;
    await sendOffer(adminPage, second, '900');
    await expect(offerCard(buyerPage, second).getByRole('link', { name: 'Accept and pay' })).toBeVisible();
    await offerCard(adminPage, second).getByRole('button', { name: 'Withdraw' }).click();
    const withdraw = adminPage.getByRole('dialog', { name: 'Withdraw Offer' });
    await expect(withdraw.getByText(/Withdraw this offer\?/)).toBeVisible();
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await expectToast(adminPage, 'Offer withdrawn');
    const buyerSecond = offerCard(buyerPage, second);
    await expect(buyerSecond.getByText('Withdrawn').first()).toBeVisible();
    await expect(buyerSecond.getByRole('link', { name: 'Accept and pay' })).toHaveCount(0);

    // A payment page opened for it afterwards says why it cannot be paid.
    await buyerPage.goto(`/payment/offer/${await offerIdOf(buyerSecond)}`);
    await expect(buyerPage.getByText('This offer was withdrawn')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  });
});

/** The offer's id, read from where its card is: the id the card's title carries. */
async function offerIdOf(card: ReturnType<typeof offerCard>): Promise<number> {
  const labelledBy = await card.getAttribute('aria-labelledby');
  const id = Number(labelledBy?.match(/^offer-(\d+)-title$/)?.[1]);
  if (!Number.isInteger(id)) throw new Error('no offer id');
  return id;
}
