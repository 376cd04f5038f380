import { expect, test } from '@playwright/test';

test('the health banner stays hidden while the API is up and warns when it is not', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Backend API not available')).toBeHidden();

  // The network between the browser and the server fails (the database-outage case is in the fault suite).
  await page.route('**/api/health', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Backend API not available' })).toBeVisible();
});
