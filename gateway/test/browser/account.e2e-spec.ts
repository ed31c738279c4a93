import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/http.js';
import { checkScreen, newVisitor } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { mailedLink } from './support/mail-links.js';
import { errorOfField, personWithAccount, signIn, signedInVisitor } from './support/people.js';

const SUITE = 'account';

describe('web client: account screens in a browser', () => {
  const suite = browserSuite({ DEV_MAILBOX_ENABLED: 'true' });

  const openSection = async (page: Page, section: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: section }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  };

  it('edits the profile: name, image URL and username, with a taken username shown at its field', async () => {
    const other = await personWithAccount(suite.stack, 'web-other');
    const page = await signedInVisitor(suite, await personWithAccount(suite.stack, 'web-profile'));
    const takenName = `taken.${Date.now().toString(36)}`;
    const otherPage = await signedInVisitor(suite, other);
    await otherPage.getByLabel('Username').fill(takenName);
    await otherPage.getByRole('button', { name: 'Save profile' }).click();
    await otherPage.getByRole('status').filter({ hasText: 'saved' }).waitFor();

    await page.getByLabel('Username').fill(takenName.toUpperCase());
    await page.getByRole('button', { name: 'Save profile' }).click();
    expect(await errorOfField(page, 'Username')).toMatch(/already taken/i);
    await checkScreen(page, SUITE, 'profile-username-taken');

    const username = `grace.${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Image URL').fill('https://images.example.com/grace.png');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'saved' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Grace Hopper');
    expect(await page.getByLabel('Image URL').inputValue()).toBe('https://images.example.com/grace.png');
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    await checkScreen(page, SUITE, 'profile');
  });

  it('changes the email address and the password, signing out the other devices', async () => {
    const person = await personWithAccount(suite.stack, 'web-credentials');
    const page = await signedInVisitor(suite, person);
    const otherDevice = await signedInVisitor(suite, person);

    await openSection(page, 'Email', 'Email address');
    const newEmail = uniqueEmail('web-moved');
    await page.getByLabel('New email').fill(newEmail);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByRole('status').filter({ hasText: 'Follow the link we have sent to the new address' }).waitFor();
    await checkScreen(page, SUITE, 'email-changed');
    // The address changes once the link mailed to the new one is followed.
    await page.goto(await mailedLink(suite.smtp, newEmail, '/api/auth/verify-email'));
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await openSection(page, 'Password', 'Change password');
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await errorOfField(page, 'Current password')).toMatch(/invalid password/i);
    await checkScreen(page, SUITE, 'password-wrong');
    await page.getByLabel('Current password').fill(person.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    await openSection(page, 'Sign-in methods', 'Sign-in methods');
    await page.getByRole('list', { name: 'Sign-in methods' }).getByText('Email and password').waitFor();

    await otherDevice.reload();
    await otherDevice.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(otherDevice, newEmail, 'a-brand-new-password');
    await otherDevice.getByRole('heading', { name: 'Profile' }).waitFor();
  });

  it('lists the sessions with this device marked; revoking from one context signs the other out', async () => {
    const person = await personWithAccount(suite.stack, 'web-sessions');
    const page = await signedInVisitor(suite, person);
    const laptop = await signedInVisitor(suite, person);
    const phone = await signedInVisitor(suite, person);

    await openSection(page, 'Sessions', 'Active sessions');
    expect(await page.title()).toBe('Active sessions · authsvc');
    // The three browsers', and the one sign-up started through the API.
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await sessions.nth(3).waitFor();
    expect(await sessions.count()).toBe(4);
    const current = page.getByRole('listitem', { name: 'Chrome on Linux (this device)' });
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toMatch(/IP address10\.\d+\.\d+\.\d+/);
    await checkScreen(page, SUITE, 'sessions');

    await sessions
      .filter({ hasNot: page.getByText('This device') })
      .first()
      .getByRole('button', { name: 'Revoke' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreen(page, SUITE, 'sessions-confirm-revoke');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await sessions.nth(3).waitFor({ state: 'detached' });
    expect(await sessions.count()).toBe(3);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByText('No other device is signed in.').waitFor();
    for (const other of [laptop, phone]) {
      await other.reload();
      await other.getByRole('heading', { name: 'Sign in' }).waitFor();
    }
    await page.reload();
    await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
  });

  it('deletes the account after asking for the password', async () => {
    const person = await personWithAccount(suite.stack, 'web-delete');
    const page = await signedInVisitor(suite, person);
    await openSection(page, 'Delete account', 'Delete account');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByLabel('I understand that this cannot be undone').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await errorOfField(page, 'Password')).toMatch(/invalid password/i);
    await checkScreen(page, SUITE, 'delete-account');

    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Account deleted' }).waitFor();

    await signIn(page, person.email, person.password);
    expect(await errorOfField(page, 'Password')).toMatch(/invalid email or password/i);
  });

  describe('when deletion is confirmed by mail', () => {
    // Identity mails a link instead of deleting (DELETE_USER_SEND_VERIFICATION); the tests after this block
    // get the default back.
    beforeAll(() => suite.stack.restart('identity', { DELETE_USER_SEND_VERIFICATION: 'true' }));
    afterAll(() => suite.stack.restart('identity', {}));

    it('mails a link that deletes the account when its signed-in owner follows it', async () => {
      const person = await personWithAccount(suite.stack, 'web-delete-mailed');
      const page = await signedInVisitor(suite, person);
      await openSection(page, 'Delete account', 'Delete account');
      await page.getByLabel('Password').fill(person.password);
      await page.getByLabel('I understand that this cannot be undone').check();
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('heading', { name: 'Check your mailbox' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain(person.email);
      expect(await page.title()).toBe('Check your mailbox · authsvc');
      await checkScreen(page, SUITE, 'delete-account-mailed');

      // Nothing is deleted until the link is followed.
      await page.getByRole('link', { name: 'Back to your profile' }).click();
      await page.getByRole('heading', { name: 'Profile' }).waitFor();

      await page.goto(await mailedLink(suite.smtp, person.email, '/api/auth/delete-user/callback'));
      await page.getByRole('heading', { name: 'Account deleted' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/goodbye');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).waitFor();
      await checkScreen(page, SUITE, 'account-deleted');

      await page.goto('/account');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await signIn(page, person.email, person.password);
      expect(await errorOfField(page, 'Password')).toMatch(/invalid email or password/i);
    });
  });

  it('links to the development mailbox while it is on', async () => {
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'development mailbox' }).click();
    await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
  });
});
