import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hashPassword } from '../../api/src/platform/auth/password';
import { expectToast, serious, signInToDashboard } from './support/marketplace';
import { withDatabase } from './support/database';

const PASSWORD = 'profile-secret-1';

let sequence = 0;
/** Unique per run and per call, within the 30 characters a username may have. */
function newAccount(prefix: string) {
  sequence += 1;
  const username = `${prefix}_${Date.now().toString(36)}${sequence}`;
  return { username, email: `${username}@example.com` };
}

/**
 * Accounts are stored directly: the journeys of all files share the registration limit of 20 per hour
 * per address. A low scrypt cost keeps it quick; the server reads the cost from the hash.
 */
async function createAccount(
  account: { username: string; email: string },
  role: 'SELLER' | 'BUYER',
): Promise<number> {
  const passwordHash = await hashPassword(PASSWORD, 10);
  const result = await withDatabase((client) =>
    client.query<{ id: number }>(
      `insert into users (username, email, password_hash, role, email_verified)
       values ($1, $2, $3, $4, true) returning id`,
      [account.username, account.email, passwordHash, role],
    ),
  );
  return result.rows[0]!.id;
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

async function openDialog(page: Page, button: string, title: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function save(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('professional profile', () => {
  test('a seller adds one item of each kind, edits one, deletes one, and a reload shows exactly that', async ({
    page,
  }) => {
    const seller = newAccount('pseller');
    const sellerId = await createAccount(seller, 'SELLER');
    await signInToDashboard(page, seller.username, PASSWORD);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Profile summary' });
    await expect(summary.getByText(seller.username)).toBeVisible();
    await expect(summary.getByText('Seller', { exact: true })).toBeVisible();
    await expect(summary.getByText(/^Member since /)).toBeVisible();
    await expect(section(page, 'Experience').getByText('No experience added yet')).toBeVisible();

    // Experience: the required fields first, then a current position whose end date is locked.
    let dialog = await openDialog(page, 'Add Experience', 'Add Experience');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Please fill in all required fields')).toHaveCount(3);
    await dialog.getByLabel('Title', { exact: true }).fill('Platform Engineer');
    await dialog.getByLabel('Company', { exact: true }).fill('Initech');
    await dialog.getByLabel('Start Date', { exact: true }).fill('2021-05-01');
    await dialog.getByLabel('End Date').fill('2022-01-31');
    await dialog.getByLabel('I currently work here').check();
    await expect(dialog.getByLabel('End Date')).toBeDisabled();
    await expect(dialog.getByLabel('End Date')).toHaveValue('');
    await dialog.getByLabel('Completed Projects').fill('12');
    await dialog.getByLabel('Average Rating (0-5)').fill('4.7');
    await dialog.getByLabel('Total Reviews').fill('30');
    await save(dialog);
    await expectToast(page, 'Experience added');
    await expect(section(page, 'Experience').getByText('May 2021 – Present')).toBeVisible();

    dialog = await openDialog(page, 'Add Skill', 'Add Skill');
    await dialog.getByLabel('Skill Name').fill('TypeScript');
    await dialog.getByLabel('Level').selectOption('Advanced');
    await dialog.getByLabel('Category').fill('Frontend');
    await save(dialog);
    await expectToast(page, 'Skill added');

    dialog = await openDialog(page, 'Add Certificate', 'Add Certificate');
    await dialog.getByLabel('Certificate Name').fill('Certified Kubernetes Administrator');
    await dialog.getByLabel('Issuer', { exact: true }).fill('CNCF');
    await dialog.getByLabel('Issue Date').fill('2023-04-01');
    await dialog.getByLabel('Credential URL').fill('https://example.com/cka');
    await save(dialog);
    await expectToast(page, 'Certificate added');

    dialog = await openDialog(page, 'Add Education', 'Add Education');
    await dialog.getByLabel('Degree').fill('BSc Computer Science');
    await dialog.getByLabel('Institution').fill('University of Leeds');
    await dialog.getByLabel('Start Date', { exact: true }).fill('2015-09-01');
    await dialog.getByLabel('End Date').fill('2018-06-30');
    await dialog.getByLabel('GPA').fill('3.7');
    await save(dialog);
    await expectToast(page, 'Education added');

    // Edit: the same form, filled in, and the whole item goes back.
    dialog = await openDialog(page, 'Edit TypeScript', 'Edit Skill');
    await expect(dialog.getByLabel('Skill Name')).toHaveValue('TypeScript');
    await dialog.getByLabel('Level').selectOption('Expert');
    await save(dialog);
    await expectToast(page, 'Skill updated');
    await expect(section(page, 'Skills').getByText('Expert', { exact: true })).toBeVisible();

    // Delete: nothing goes before the confirmation.
    await page.getByRole('button', { name: 'Delete Certified Kubernetes Administrator' }).click();
    let confirmation = page.getByRole('alertdialog', { name: 'Delete Certificate?' });
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(
      section(page, 'Certificates').getByRole('heading', { name: 'Certified Kubernetes Administrator' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Delete Certified Kubernetes Administrator' }).click();
    confirmation = page.getByRole('alertdialog', { name: 'Delete Certificate?' });
    await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirmation).toBeHidden();
    await expectToast(page, 'Certificate deleted');
    await expect(section(page, 'Certificates').getByText('No certificates added yet')).toBeVisible();

    await page.reload();
    const experience = section(page, 'Experience');
    await expect(experience.getByRole('heading', { level: 3, name: 'Platform Engineer' })).toBeVisible();
    await expect(experience.getByText('Initech')).toBeVisible();
    await expect(experience.getByText('May 2021 – Present')).toBeVisible();
    await expect(experience.getByText('4.7 / 5')).toBeVisible();
    const skills = section(page, 'Skills');
    await expect(skills.getByRole('listitem')).toHaveCount(1);
    await expect(skills.getByRole('heading', { level: 3, name: 'TypeScript' })).toBeVisible();
    await expect(skills.getByText('Expert', { exact: true })).toBeVisible();
    await expect(section(page, 'Certificates').getByText('No certificates added yet')).toBeVisible();
    const education = section(page, 'Education');
    await expect(education.getByText('Sep 2015 – Jun 2018')).toBeVisible();
    await expect(education.getByText('GPA 3.7')).toBeVisible();

    const stored = await withDatabase(async (client) => {
      const query = async (text: string) => (await client.query(text, [sellerId])).rows;
      return {
        experiences: await query(
          `select title, company, start_date::text, end_date::text, current, total_completed_projects,
                  avg_reviews::float8 as avg_reviews, total_reviews
             from profile_experiences where user_id = $1`,
        ),
        skills: await query('select name, level::text, category from profile_skills where user_id = $1'),
        certificates: await query('select id from profile_certificates where user_id = $1'),
        education: await query(
          `select degree, institution, start_date::text, end_date::text, current, gpa::float8 as gpa
             from profile_education where user_id = $1`,
        ),
      };
    });
    expect(stored).toEqual({
      experiences: [
        {
          title: 'Platform Engineer',
          company: 'Initech',
          start_date: '2021-05-01',
          end_date: null,
          current: true,
          total_completed_projects: 12,
          avg_reviews: 4.7,
          total_reviews: 30,
        },
      ],
      skills: [{ name: 'TypeScript', level: 'Expert', category: 'Frontend' }],
      certificates: [],
      education: [
        {
          degree: 'BSc Computer Science',
          institution: 'University of Leeds',
          start_date: '2015-09-01',
          end_date: '2018-06-30',
          current: false,
          gpa: 3.7,
        },
      ],
    });
  });

  test('another signed-in member reads the profile, without edit controls or the email', async ({
    page,
    request,
  }) => {
    const seller = newAccount('pshown');
    const sellerId = await createAccount(seller, 'SELLER');
    const login = await request.post('/api/auth/login', {
      data: { username: seller.username, password: PASSWORD },
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const items: [string, object][] = [
      ['experiences', { title: 'Data Engineer', company: 'Globex', start_date: '2020-03-01', current: true }],
      ['skills', { name: 'PostgreSQL', level: 'Advanced' }],
      ['certificates', { name: 'Azure Fundamentals', issuer: 'Microsoft', issue_date: '2022-08-01' }],
      [
        'education',
        { degree: 'MSc Statistics', institution: 'University of York', start_date: '2018-09-01' },
      ],
    ];
    for (const [kind, data] of items) {
      expect((await request.post(`/api/profile/${kind}`, { data, headers })).status()).toBe(201);
    }

    const reader = newAccount('preader');
    await createAccount(reader, 'BUYER');
    await signInToDashboard(page, reader.username, PASSWORD);
    await page.goto(`/users/${sellerId}`);
    const summary = page.getByRole('region', { name: 'Profile summary' });
    await expect(summary.getByText(seller.username)).toBeVisible();
    await expect(summary.getByText('Seller', { exact: true })).toBeVisible();
    await expect(section(page, 'Experience').getByText('Data Engineer')).toBeVisible();
    await expect(section(page, 'Experience').getByText('Mar 2020 – Present')).toBeVisible();
    await expect(section(page, 'Skills').getByText('PostgreSQL')).toBeVisible();
    await expect(section(page, 'Certificates').getByText('Azure Fundamentals')).toBeVisible();
    await expect(section(page, 'Education').getByText('MSc Statistics')).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Add|Edit|Delete) / })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(seller.email);

    await page.goto('/users/999999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  });

  test('/profile with a dialog open has no serious accessibility violations', async ({ page }) => {
    // Axe measures what stays on screen: toasts sliding in (half transparent) are not what people read.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const seller = newAccount('paxe');
    await createAccount(seller, 'SELLER');
    await signInToDashboard(page, seller.username, PASSWORD);
    await page.goto('/profile');
    await expect(section(page, 'Education')).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    const dialog = await openDialog(page, 'Add Experience', 'Add Experience');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Please fill in all required fields').first()).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const skill = await openDialog(page, 'Add Skill', 'Add Skill');
    await skill.getByLabel('Skill Name').fill('Figma');
    await skill.getByLabel('Level').selectOption('Beginner');
    await save(skill);
    await page.getByRole('button', { name: 'Delete Figma' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Skill?' })).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  });
});
