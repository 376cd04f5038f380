import { expect, test } from '@playwright/test';

test('a fixed service page builds the /teams query from the chosen options', async ({ page }) => {
  await page.goto('/WebDevelopment');
  await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();

  const find = page.getByRole('button', { name: 'Find Available Teams' });
  await expect(find).toBeDisabled();

  await page.getByRole('button', { name: 'E-commerce Store' }).click();
  await page.getByRole('button', { name: 'Progressive Web App' }).click();
  await page.getByRole('button', { name: 'React', exact: true }).click();
  await page.getByRole('button', { name: 'TypeScript', exact: true }).click();
  await page.getByRole('radio', { name: '$5,000 - $15,000' }).check();
  await page.getByRole('radio', { name: '1 month' }).check();
  await expect(find).toBeEnabled();

  // /teams arrives with the teams issue; until then the router sends unknown paths home, so the
  // navigation is caught as it happens.
  const navigated = page.waitForURL((url) => url.pathname === '/teams');
  await find.click();
  await navigated;
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    service: 'web',
    options: 'E-commerce Store,Progressive Web App',
    technologies: 'React,TypeScript',
    budget: '5k-15k',
    timeline: '1month',
  });
});

test('the back button of a service page returns to the landing page', async ({ page }) => {
  await page.goto('/SecurityTesting');
  await expect(page.getByRole('heading', { level: 1, name: 'Security & Testing' })).toBeVisible();
  await page.getByRole('button', { name: /back/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path redirects to the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Powering Teams to Finish Faster' }),
  ).toBeVisible();
});
