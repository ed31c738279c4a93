import { uniqueEmail } from '../support/http.js';
import { checkScreen, newVisitor } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { mailedLink } from './support/mail-links.js';
import { PASSWORD, errorOfField, personWithAccount, signIn } from './support/people.js';

const SUITE = 'entry';

describe('web client: entry screens in a browser', () => {
  const suite = browserSuite();

  it('signs up, verifies the address through the mail, signs out, and signs in with the username', async () => {
    const page = await newVisitor(suite);
    const email = uniqueEmail('web-sign-up');
    const username = `ada.${Date.now().toString(36)}`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await checkScreen(page, SUITE, 'sign-up');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Username (optional)').fill(username);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    const reminder = page.getByRole('region', { name: 'Email not verified' });
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain(email);
    expect(await page.title()).toBe('Profile · authsvc');
    await checkScreen(page, SUITE, 'account-unverified');

    await page.goto(await mailedLink(suite.smtp, email, '/api/auth/verify-email'));
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await checkScreen(page, SUITE, 'email-verified');
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await reminder.count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await checkScreen(page, SUITE, 'sign-in');
    await page.getByLabel('Email or username').fill(username.toUpperCase());
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Remember me on this device').uncheck();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    // Not remembered: the session cookie ends with the browser.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name.endsWith('session_token'))?.expires).toBe(-1);
  });

  it("shows the server's errors at the field they concern", async () => {
    const person = await personWithAccount(suite.stack, 'web-taken');
    const page = await newVisitor(suite);
    await page.goto('/sign-up');
    await page.getByLabel('Name', { exact: true }).fill('Someone Else');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await errorOfField(page, 'Email')).toMatch(/already exists/i);
    await checkScreen(page, SUITE, 'sign-up-taken');

    await signIn(page, person.email, 'not-the-password');
    expect(await errorOfField(page, 'Password')).toMatch(/invalid email or password/i);

    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await errorOfField(page, 'Password')).not.toBe('');

    // A "next" that leaves the site is ignored: the person lands on their account, not elsewhere.
    await page.goto(`/sign-in?next=${encodeURIComponent('/\\evil.example/')}`);
    await page.getByLabel('Email or username').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(page.url()).toBe(suite.stack.url('/account'));
  });

  it('resets a forgotten password through the mail, and explains a used link', async () => {
    const person = await personWithAccount(suite.stack, 'web-reset');
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'we have sent it a link' }).waitFor();
    await checkScreen(page, SUITE, 'forgot-password');

    const link = await mailedLink(suite.smtp, person.email, '/api/auth/reset-password/');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await checkScreen(page, SUITE, 'reset-password');
    const newPassword = 'a-brand-new-password';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    await signIn(page, person.email, newPassword);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await page.goto(link);
    await page.getByRole('heading', { name: 'This reset link does not work' }).waitFor();
    expect(page.url()).toContain('error=INVALID_TOKEN');
    expect(await page.getByRole('alert').textContent()).toMatch(/not valid/);
    await checkScreen(page, SUITE, 'reset-link-used');
  });

  it('explains failed verification and error redirects, and keeps deep links on reload', async () => {
    const page = await newVisitor(suite);
    await page.goto('/email-verified?error=TOKEN_EXPIRED');
    await page.getByRole('heading', { name: 'Email verification failed' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/expired/);
    await checkScreen(page, SUITE, 'verification-failed');

    await page.goto('/error?error=internal_server_error');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/on our side/);
    await checkScreen(page, SUITE, 'error');
    await page.goto('/error?error=state_not_found');
    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/took too long/);

    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/account/sessions');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/account/sessions');
  });

  it('shows no development mailbox link while the mailbox is off, nor social sign-in with no provider', async () => {
    const page = await newVisitor(suite);
    const configRead = page.waitForResponse('**/client-config.json');
    await page.goto('/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await configRead;
    await page.waitForLoadState('networkidle');
    const config = await page.evaluate(() => fetch('/client-config.json').then((answer) => answer.json()));
    expect(config).toEqual({ devMailbox: false, socialProviders: [] });
    expect(await page.getByRole('link', { name: 'development mailbox' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0);
  });
});
