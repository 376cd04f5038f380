import { expect, type Browser, type Page } from '@playwright/test';
import { hashPassword } from '../../../api/src/platform/auth/password';
import { withDatabase } from './database';

/** Shared by the journeys: accounts, teams and packages stored directly, and signed-in browser contexts. */
export const PASSWORD = 'journey-secret-1';
export const RUN = Date.now().toString(36);
let sequence = 0;

export function newUsername(prefix: string): string {
  sequence += 1;
  return `${prefix}_${RUN}${sequence}`;
}

/** Stored directly, as the other journeys do: all files share the registration limit per address. */
export async function createAccount(
  prefix: string,
  role: 'BUYER' | 'SELLER' | 'TEAM_ADMIN' | 'GENERAL_ADMIN',
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

/** A team with its admin; `findable` puts it in Web Development / Landing Page / React, as on /teams. */
export async function createTeam(adminId: number, name: string, { findable = false } = {}): Promise<number> {
  return withDatabase(async (client) => {
    const catalogue = findable
      ? await client.query<{ category_id: number; project_type_id: number }>(
          `select c.id as category_id, p.id as project_type_id
           from service_categories c join project_types p on p.service_category_id = c.id
           where c.name = 'Web Development' and p.name = 'Landing Page'`,
        )
      : null;
    const place = catalogue?.rows[0];
    const { rows } = await client.query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active, service_category_id, project_type_id)
       values ($1, 'Landing pages in a week.', $2, 5, 1, true, $3, $4) returning id`,
      [name, adminId, place?.category_id ?? null, place?.project_type_id ?? null],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('no team');
    await client.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [
      id,
      adminId,
    ]);
    if (findable) {
      await client.query(
        `insert into team_technologies (team_id, technology_id) select $1, id from technologies where name = 'React'`,
        [id],
      );
    }
    return id;
  });
}

/** A team of one admin with one published package, the way a seller would have set it up. */
export async function createTeamWithPackage(
  adminId: number,
  priceCents: number,
): Promise<{ teamId: number; teamName: string; packageId: number; title: string }> {
  const teamName = newUsername('Order Crew');
  const title = `Landing Page Sprint ${newUsername('p')}`;
  return withDatabase(async (client) => {
    const team = await client.query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ($1, 'Landing pages in a week.', $2, 5, 1, true) returning id`,
      [teamName, adminId],
    );
    const teamId = team.rows[0]?.id;
    if (!teamId) throw new Error('no team');
    await client.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [
      teamId,
      adminId,
    ]);
    const item = await client.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, $2, 'A responsive landing page designed, built and launched.', $3, 7, 'react,design', 'published')
       returning id`,
      [teamId, title, priceCents],
    );
    const packageId = item.rows[0]?.id;
    if (!packageId) throw new Error('no package');
    return { teamId, teamName, packageId, title };
  });
}

export async function signIn(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or Username', { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInToDashboard(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  await signIn(page, identifier, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Radix repeats a toast's text in a live region for screen readers. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

export async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToDashboard(page, username);
  return page;
}

/** A signed-in buyer finds the team on /teams/browse and presses Contact Team; returns the room's path. */
export async function contactTeamFromBrowse(page: Page, teamName: string): Promise<string> {
  await page.goto(`/teams/browse?search=${encodeURIComponent(teamName)}`);
  await page
    .getByRole('article', { name: teamName })
    .getByRole('button', { name: /^Contact Team/ })
    .click();
  await expect(page).toHaveURL(/\/team-chat\/\d+$/);
  return new URL(page.url()).pathname;
}

export function serious(violations: { id: string; help: string; impact?: string | null }[]): string[] {
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.help}`);
}
