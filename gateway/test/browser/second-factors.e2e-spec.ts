import type { Page } from 'playwright-core';
import { LocalOpenIdProvider } from '../support/identity-providers/local-openid-provider.js';
import { checkScreen, newVisitor } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { signInAtProvider } from './support/provider-pages.js';
import { mailedCode } from './support/mailed-code.js';
import { mailedLink } from './support/mail-links.js';
import { errorOfField, personWithAccount, signIn, signedInVisitor, type Person } from './support/people.js';
import { totpCode } from './support/totp.js';
import { withAuthenticator } from './support/two-factor-person.js';

const SUITE = 'second-factors';

describe('web client: second factors in a browser', () => {
  let google: LocalOpenIdProvider;
  beforeAll(async () => {
    google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
  });
  // One browser signs the same person in four times within seconds: the per-client sign-in limit would refuse the
  // last ones (the limits have suites of their own).
  const suite = browserSuite(() => ({ ...google.env('GOOGLE'), RATE_LIMIT_ENABLED: 'false' }));
  beforeAll(() => google.allowRedirectUri(suite.stack.url('/api/auth/callback/google')));
  afterAll(() => google?.stop());

  const openSecurity = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security' }).waitFor();
  };
  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
  };
  const profile = (page: Page) => page.getByRole('heading', { name: 'Profile' }).waitFor();
  const confirmWithPassword = async (page: Page, form: string, person: Person) => {
    const named = page.getByRole('form', { name: form });
    await named.getByLabel('Your password').fill(person.password);
    await named.getByRole('button', { name: form }).click();
  };
  const shownBackupCodes = (page: Page) =>
    page.getByRole('list', { name: 'Backup codes' }).locator('code').allTextContents();

  /** Sets up an authenticator on the security screen as a person does; the key and the backup codes shown. */
  const turnOnTwoFactor = async (page: Page, person: Person) => {
    await openSecurity(page);
    await checkScreen(page, SUITE, 'security');
    await confirmWithPassword(page, 'Set up an authenticator app', person);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Enter this key in the app').inputValue()).replace(/\s/g, '');
    await checkScreen(page, SUITE, 'authenticator-setup');
    await page.getByLabel('The 6-digit code the app shows').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor authentication is on' }).waitFor();
    const backupCodes = await shownBackupCodes(page);
    await checkScreen(page, SUITE, 'backup-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Status: on').waitFor();
    return { secret, backupCodes };
  };

  it('sets up an authenticator, then signs in with its code, a backup code, a mailed code and a trusted device', async () => {
    const person = await personWithAccount(suite.stack, 'web-totp');
    const page = await signedInVisitor(suite, person);
    const { secret, backupCodes } = await turnOnTwoFactor(page, person);
    expect(backupCodes).toHaveLength(10);

    // The password alone no longer signs in: a code does, and a wrong one is shown at its field.
    await signOut(page);
    await signIn(page, person.email, person.password);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await checkScreen(page, SUITE, 'two-factor');
    const code = page.getByLabel('Code from your authenticator app');
    const wrong = String((Number(totpCode(secret, 1)) + 1) % 1_000_000).padStart(6, '0');
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await errorOfField(page, 'Code from your authenticator app')).toMatch(/invalid code/i);
    // The next step's code: the one that turned two-factor on is spent for the rest of its window.
    await code.fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await profile(page);

    await signOut(page);
    await signIn(page, person.email, person.password);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]);
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await profile(page);
    // Trusted: this browser signs in with the password alone.
    await signOut(page);
    await signIn(page, person.email, person.password);
    await profile(page);

    // Another browser is not trusted: the mailed code signs it in.
    const other = await newVisitor(suite);
    await signIn(other, person.email, person.password);
    await other.getByRole('button', { name: 'Email me a code instead' }).click();
    const seen = suite.smtp.mailsTo(person.email).length;
    await other.getByRole('button', { name: 'Email me a code' }).click();
    await other.getByRole('status').filter({ hasText: 'We have mailed you a code' }).waitFor();
    await other.getByLabel('Code from the mail').fill(await mailedCode(suite.smtp, person.email, seen));
    await other.getByRole('button', { name: 'Verify' }).click();
    await profile(other);

    // New backup codes void the old ones; turning two-factor off asks for the password only again.
    await openSecurity(other);
    await confirmWithPassword(other, 'Get new backup codes', person);
    await other.getByRole('status').filter({ hasText: 'the old ones no longer work' }).waitFor();
    const newCodes = await shownBackupCodes(other);
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(backupCodes[1]);
    await other.getByRole('button', { name: 'I have saved them' }).click();
    await confirmWithPassword(other, 'Turn off two-factor', person);
    await other.getByText('Status: off').waitFor();
    await signOut(other);
    await signIn(other, person.email, person.password);
    await profile(other);
  });

  it('asks a two-factor person back from a social sign-in for the second factor, then goes on', async () => {
    const person = await personWithAccount(suite.stack, 'web-social-totp');
    const page = await signedInVisitor(suite, person);
    // A verified address: the provider's account with the same verified address joins this one.
    await page.goto(await mailedLink(suite.smtp, person.email, '/api/auth/verify-email'));
    await page.goto('/account');
    const { secret } = await turnOnTwoFactor(page, person);
    await signOut(page);

    const sub = `google-${person.email}`;
    google.addUser({ sub, email: person.email, emailVerified: true, name: person.name });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.origin === google.origin);
    await signInAtProvider(page, sub, { consent: true });
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await profile(page);
    expect(new URL(page.url()).pathname).toBe('/account');
  });

  it('adds a passkey with a virtual authenticator, renames it, signs in with it and removes it', async () => {
    const person = await personWithAccount(suite.stack, 'web-passkey');
    const page = await signedInVisitor(suite, person);
    // Chromium's virtual authenticator: a platform authenticator that keeps discoverable credentials and verifies
    // the user at once, standing in for a phone's or a laptop's screen lock.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await openSecurity(page);
    await page.getByLabel('Passkey name (optional)').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = page.getByRole('list', { name: 'Passkeys' });
    await passkeys.getByRole('listitem', { name: 'Laptop' }).waitFor();
    await checkScreen(page, SUITE, 'passkeys');
    const rename = page.getByRole('form', { name: 'Rename Laptop' });
    await rename.getByLabel('New name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await passkeys.getByRole('listitem', { name: 'Work laptop' }).waitFor();

    await signOut(page);
    await checkScreen(page, SUITE, 'sign-in-with-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await profile(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).textContent()).toContain(person.email);

    await openSecurity(page);
    await passkeys.getByRole('listitem', { name: 'Work laptop' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('You have no passkey yet.').waitFor();
  });

  it('signs in with a link from the mail', async () => {
    const person = await personWithAccount(suite.stack, 'web-link');
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'we have sent a sign-in link' }).waitFor();
    await checkScreen(page, SUITE, 'magic-link-sent');
    // The link opens the gateway's confirmation page (a mail scanner's prefetch must not spend it); its button does.
    await page.goto(await mailedLink(suite.smtp, person.email, '/api/auth/magic-link/verify'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await profile(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).textContent()).toContain(person.email);
  });

  it('signs in with a code from the mail, after a wrong one', async () => {
    const person = await personWithAccount(suite.stack, 'web-code');
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Email me a code' }).click();
    await page.getByLabel('Email').fill(person.email);
    const seen = suite.smtp.mailsTo(person.email).length;
    await page.getByRole('button', { name: 'Send the code' }).click();
    const code = await mailedCode(suite.smtp, person.email, seen);
    await checkScreen(page, SUITE, 'email-code');
    await page.getByLabel('Code from the mail').fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await errorOfField(page, 'Code from the mail')).toMatch(/invalid otp/i);
    await page.getByLabel('Code from the mail').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await profile(page);
  });

  it('asks a two-factor person signing in by mailed code or link for the second factor too', async () => {
    const person = await personWithAccount(suite.stack, 'web-passwordless-totp');
    // A verified address: a code or link into an unverified account claims it, which removes its second factor.
    await fetch(await mailedLink(suite.smtp, person.email, '/api/auth/verify-email'), { redirect: 'manual' });
    const { secret, backupCodes } = await withAuthenticator(suite.stack, person);
    const page = await newVisitor(suite);
    await page.goto('/sign-in/code');
    await page.getByLabel('Email').fill(person.email);
    const seen = suite.smtp.mailsTo(person.email).length;
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByLabel('Code from the mail').fill(await mailedCode(suite.smtp, person.email, seen));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await profile(page);

    await signOut(page);
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'we have sent a sign-in link' }).waitFor();
    await page.goto(await mailedLink(suite.smtp, person.email, '/api/auth/magic-link/verify'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    // The authenticator's next code is spent: a backup code.
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await profile(page);
    expect(new URL(page.url()).pathname).toBe('/account');
  });
});
