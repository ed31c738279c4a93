import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/http.js';
import { adminPerson } from './support/admin-person.js';
import { checkScreen } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { errorOfField, personWithAccount, signIn, signedInVisitor, type Person } from './support/people.js';
import { withAuthenticator } from './support/two-factor-person.js';

const SUITE = 'admin';

describe('web client: administration screens in a browser', () => {
  const suite = browserSuite();
  let admin: Person;

  beforeAll(async () => {
    admin = await adminPerson(suite.stack);
  });

  const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  /** The admin's users list, searched by email for `person`, and their details page opened from it. */
  const openUser = async (page: Page, person: Person) => {
    await page.goto('/admin');
    await page.getByLabel('Search', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: person.name }).click();
    await page.getByRole('heading', { name: person.name, level: 1 }).waitFor();
  };

  const confirm = async (page: Page, button: string) => {
    await page.getByRole('dialog').getByRole('button', { name: button }).click();
  };

  it('lists and searches users, opens one, sets their role and password, creates and removes a user', async () => {
    const alice = await personWithAccount(suite.stack, 'web-alice');
    await personWithAccount(suite.stack, 'web-bruno');
    const page = await signedInVisitor(suite, admin);

    await mainNav(page).getByRole('link', { name: 'Administration' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('link', { name: alice.name }).waitFor();
    expect(await table.getByRole('row').count()).toBe(1 + 3);
    await checkScreen(page, SUITE, 'users');

    await page.getByLabel('Search', { exact: true }).fill('alice');
    await page.getByLabel('Search in').selectOption('name');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: 'Users 1–1 of 1' }).waitFor();
    expect(new URL(page.url()).searchParams.get('field')).toBe('name');
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Show').selectOption('banned');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: 'No user matches.' }).waitFor();

    await openUser(page, alice);
    await page
      .getByRole('list', { name: `Sessions of ${alice.name}` })
      .getByRole('listitem')
      .first()
      .waitFor();
    // The password first: once Alice is an admin, only an admin allowed to act on admins may set it.
    await page.getByLabel('New password').fill('an-admin-chosen-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'The password has been set' }).waitFor();
    await page.getByLabel(`Role of ${alice.name}`).selectOption('admin');
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.getByRole('status').filter({ hasText: 'The role has been changed.' }).waitFor();
    await page
      .getByRole('definition')
      .filter({ hasText: /^admin$/ })
      .waitFor();
    await checkScreen(page, SUITE, 'user-details');
    const aliceAgain = await signedInVisitor(suite, { ...alice, password: 'an-admin-chosen-password' });
    // Alice is now an admin by her role: the entry shows for her too.
    await mainNav(aliceAgain).getByRole('link', { name: 'Administration' }).waitFor();

    await page.goto('/admin?show=admins');
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: alice.name }).waitFor();
    await page.getByRole('link', { name: 'Create a user' }).click();
    await page.getByRole('heading', { name: 'Create a user' }).waitFor();
    await page.getByLabel('Name').fill('Created By Admin');
    await page.getByLabel('Email').fill(alice.email);
    await page.getByLabel('Password').fill('a-password-for-them');
    await page.getByRole('button', { name: 'Create user' }).click();
    expect(await errorOfField(page, 'Email')).toMatch(/already exists/i);
    await checkScreen(page, SUITE, 'create-user-taken-email');
    const created = { name: 'Created By Admin', email: uniqueEmail('web-created') };
    await page.getByLabel('Email').fill(created.email);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('heading', { name: created.name, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Remove user' }).click();
    await checkScreen(page, SUITE, 'remove-user-confirm');
    await confirm(page, 'Remove user');
    await page
      .getByRole('status')
      .filter({ hasText: `${created.name} has been removed.` })
      .waitFor();
    await page.getByLabel('Search', { exact: true }).fill(created.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: 'No user matches.' }).waitFor();
  });

  it("shows a user's second factors, and resets two-factor for one who lost them", async () => {
    const carol = await personWithAccount(suite.stack, 'web-carol');
    await withAuthenticator(suite.stack, carol);
    const page = await signedInVisitor(suite, admin);
    await openUser(page, carol);
    const factors = page.getByRole('region', { name: 'Second factors' });
    await factors.getByText(/^Two-factor: on \(authenticator app.*; 10 backup codes left\)$/).waitFor();
    await factors.getByText('No passkey.').waitFor();
    await checkScreen(page, SUITE, 'user-factors');
    await factors.getByRole('button', { name: 'Reset two-factor' }).click();
    await confirm(page, 'Reset two-factor');
    await factors.getByText('Two-factor: off').waitFor();
    // Carol signs in with her password alone again.
    const carolPage = await signedInVisitor(suite, carol);
    expect(new URL(carolPage.url()).pathname).toBe('/account');
  });

  it('bans a user, whose open pages are signed out and who cannot sign in until unbanned', async () => {
    const banned = await personWithAccount(suite.stack, 'web-banned');
    const userPage = await signedInVisitor(suite, banned);
    const userPhone = await signedInVisitor(suite, banned);
    const page = await signedInVisitor(suite, admin);
    await openUser(page, banned);

    await page.getByLabel('Ban reason').fill('Sends spam');
    await page.getByLabel('Ban expires after').selectOption({ label: '7 days' });
    await page.getByRole('button', { name: 'Ban user' }).click();
    await checkScreen(page, SUITE, 'ban-confirm');
    await confirm(page, 'Ban user');
    await page.getByRole('status').filter({ hasText: 'is banned and has been signed out' }).waitFor();
    await page.getByText('Reason: Sends spam.').waitFor();
    await page.getByText(`${banned.name} is not signed in anywhere.`).waitFor();
    await checkScreen(page, SUITE, 'user-banned');

    // The person comes back to the tab: the client reads its session again and finds it ended.
    await userPage.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await userPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    // Their other device moves to another screen: the API's 401 makes the client read the session again.
    await userPhone.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sessions' }).click();
    await userPhone.getByRole('heading', { name: 'Sign in' }).waitFor();

    await signIn(userPage, banned.email, banned.password);
    await userPage.getByRole('alert').filter({ hasText: 'You have been banned from this application' }).waitFor();
    await checkScreen(userPage, SUITE, 'sign-in-banned');

    await page.getByRole('button', { name: 'Unban user' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${banned.name} can sign in again.` })
      .waitFor();
    await signIn(userPage, banned.email, banned.password);
    await userPage.getByRole('heading', { name: 'Profile' }).waitFor();
  });

  it('impersonates a user with a banner on every screen, and stopping returns to the admin', async () => {
    const person = await personWithAccount(suite.stack, 'web-impersonated');
    const page = await signedInVisitor(suite, admin);
    await openUser(page, person);
    await page.getByRole('button', { name: `Impersonate ${person.name}` }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    const banner = page.getByRole('region', { name: 'You are impersonating' });
    await banner.getByText(`You are impersonating ${person.name}`).waitFor();
    // The screen after the switch shows the user, not the admin of a moment before.
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(person.name);
    await checkScreen(page, SUITE, 'impersonating-profile');
    await mainNav(page).getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    await mainNav(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(await mainNav(page).getByRole('link', { name: 'Administration' }).count()).toBe(0);
    // A reload keeps the impersonation, and the user (no admin) is told the administration is not theirs.
    await page.goto('/admin');
    await page.getByRole('alert').filter({ hasText: 'You lack permission to manage users' }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    await checkScreen(page, SUITE, 'impersonating-admin-forbidden');

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.getByRole('heading', { name: person.name, level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await mainNav(page).getByText(admin.email).waitFor();
    await mainNav(page).getByRole('link', { name: 'Administration' }).waitFor();
  });

  it('pages through the users, twenty a page, keeping the sort in the URL', async () => {
    // The earlier tests' users and the admin are there too: make sure there is more than one page whatever they are.
    for (let index = 0; index < 21; index++) await personWithAccount(suite.stack, `web-many${index}`);
    const page = await signedInVisitor(suite, admin);
    await page.goto('/admin?sort=oldest');
    const status = page.getByRole('status').filter({ hasText: /^Users / });
    await status.filter({ hasText: /^Users 1–20 of \d+$/ }).waitFor();
    const total = Number((await status.textContent())?.split(' of ')[1]);
    expect(await page.getByRole('table', { name: 'Users' }).getByRole('row').count()).toBe(1 + 20);
    // Sorted oldest first, the admin made before any test comes first.
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: admin.name }).waitFor();

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
    await status.filter({ hasText: `Users 21–${Math.min(40, total)} of ${total}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('oldest');
    expect(await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: admin.name }).count()).toBe(0);
    await checkScreen(page, SUITE, 'users-page-2');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous page' }).click();
    await status.filter({ hasText: `Users 1–20 of ${total}` }).waitFor();
  });
});
