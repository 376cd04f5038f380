import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createAccount,
  createTeamWithPackage,
  expectToast,
  serious,
  signInToDashboard,
} from './support/marketplace';

/** A PNG of noise: large enough (about 300 kB) that a slowed upload shows its progress. */
async function noisyPng(name: string) {
  const side = 320;
  const pixels = Buffer.alloc(side * side * 3);
  for (let index = 0; index < pixels.length; index += 1)
    pixels[index] = (index * 7919 + name.length * 31) % 251;
  const buffer = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Uploads crawl at 256 kB/s, so the progress bar is on screen long enough to be seen. */
async function slowUploads(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
}

async function expectAxeClean(page: Page) {
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every image in `scope` has arrived and decoded (a broken one has no natural width). */
async function expectLoaded(image: ReturnType<Page['locator']>) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

test('a team admin uploads a logo and two gallery images with progress, and sees them on browse and the package page', async ({
  page,
}) => {
  test.slow();
  const admin = await createAccount('imageadmin', 'TEAM_ADMIN');
  const { packageId, title, teamName } = await createTeamWithPackage(admin.id, 42_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToDashboard(page, admin.username);
  await slowUploads(page);

  // The logo, on the team management page.
  await page.goto('/teams/manage');
  await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
  await page.getByLabel('Upload logo').setInputFiles(await noisyPng('logo.png'));
  await expect(page.getByRole('progressbar', { name: 'Uploading the logo' })).toBeVisible();
  await expectToast(page, 'Logo updated');
  const logo = page.getByRole('img', { name: `${teamName} logo` });
  await expect(logo).toHaveAttribute('srcset', /96\.webp 96w, .*192\.webp 192w/);
  await expectLoaded(logo);
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);

  // Two gallery images, on the package's edit page.
  await page.goto(`/services/edit/${packageId}`);
  for (const [index, name] of ['first.png', 'second.png'].entries()) {
    await page.getByLabel('Add image').setInputFiles(await noisyPng(name));
    await expect(page.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem')).toHaveCount(
      index + 1,
    );
  }
  await expect(page.getByRole('img', { name: 'Gallery image 1 (card image)' })).toBeVisible();
  // The second becomes the card image, from the keyboard.
  await page.getByRole('button', { name: 'Move image 2 earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Image moved to position 1 of 2' })).toBeAttached();
  const cardSource = await page
    .getByRole('img', { name: 'Gallery image 1 (card image)' })
    .getAttribute('src');
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);

  // Browse shows the cover image on the package's card.
  await page.goto('/services/browse');
  await page.getByRole('searchbox', { name: 'Search services' }).fill(title);
  const card = page.getByRole('article', { name: title });
  const cover = card.getByRole('img', { name: `Preview of ${title}` });
  await expect(cover).toHaveAttribute('src', cardSource!);
  await expect(cover).toHaveAttribute('srcset', /400w/);
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expectLoaded(cover);
  await expect(card.getByText('No reviews yet')).toBeVisible();
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);

  // The package page shows the gallery; the thumbnails switch the large image.
  await page.goto(`/service-package/${packageId}`);
  const gallery = page.getByRole('region', { name: 'Gallery' });
  const large = gallery.getByRole('img', { name: `${title}, image 1 of 2` });
  await expectLoaded(large);
  await gallery.getByRole('button', { name: 'Show image 2' }).click();
  await expectLoaded(gallery.getByRole('img', { name: `${title}, image 2 of 2` }));
  const response = await page.request.get(cardSource!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
});
