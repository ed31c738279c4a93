import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/http.js';
import { GitHubStandIn } from '../support/identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from '../support/identity-providers/local-openid-provider.js';
import { checkScreen, newVisitor } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';

const SUITE = 'linked-accounts';

/** Unlinks the account whose card is named `provider`, confirming in the dialog. */
async function unlink(page: Page, provider: string): Promise<void> {
  await page.getByRole('listitem', { name: provider }).getByRole('button', { name: 'Unlink' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
}

describe('web client: linked accounts in a browser', () => {
  let google: LocalOpenIdProvider;
  let github: GitHubStandIn;
  beforeAll(async () => {
    google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
    github = await GitHubStandIn.start();
  });
  const suite = browserSuite(() => ({ ...google.env('GOOGLE'), ...github.env('GITHUB') }));
  beforeAll(() => {
    google.allowRedirectUri(suite.stack.url('/api/auth/callback/google'));
    github.allowRedirectUri(suite.stack.url('/api/auth/callback/github'));
  });
  afterAll(async () => {
    await google?.stop();
    await github?.stop();
  });

  it('signs in with Google, links GitHub, lists it, unlinks it; the last way to sign in stays', async () => {
    const email = uniqueEmail('web-link');
    google.addUser({ sub: `google-${email}`, email, emailVerified: true, name: 'Grace Hopper' });
    const githubId = Math.floor(Math.random() * 1e9);
    github.addUser({
      id: githubId,
      login: 'grace',
      name: 'Grace Hopper',
      emails: [{ email, primary: true, verified: true, visibility: null }],
    });
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.origin === google.origin);
    await page.getByLabel('Subject').fill(`google-${email}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await page.getByRole('link', { name: 'Sign-in methods' }).click();
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await methods.getByRole('heading', { name: 'Google', exact: true }).waitFor();
    expect(await methods.getByRole('listitem', { name: 'Google' }).getByText(email).count()).toBe(1);
    await checkScreen(page, SUITE, 'google-only');

    await page.getByRole('button', { name: 'Link GitHub' }).click();
    await page.waitForURL((url) => url.origin === github.origin);
    await page.getByLabel('User id').fill(String(githubId));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await methods.getByRole('heading', { name: 'GitHub', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/sign-in-methods');
    expect(await methods.getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Link GitHub' }).count()).toBe(0);
    await checkScreen(page, SUITE, 'google-and-github');

    await unlink(page, 'GitHub');
    await page.getByRole('button', { name: 'Link GitHub' }).waitFor();
    expect(await methods.getByRole('listitem').count()).toBe(1);

    await unlink(page, 'Google');
    await page.getByText("You can't unlink your last account").waitFor();
    expect(await methods.getByRole('listitem', { name: 'Google' }).count()).toBe(1);
    await checkScreen(page, SUITE, 'last-method-kept');
  });

  it("shows a refused link in words (another person's address at GitHub)", async () => {
    const email = uniqueEmail('web-link-refused');
    google.addUser({ sub: `google-${email}`, email, emailVerified: true, name: 'Ada' });
    const githubId = Math.floor(Math.random() * 1e9);
    github.addUser({
      id: githubId,
      login: 'someone',
      name: null,
      emails: [{ email: uniqueEmail('someone-else'), primary: true, verified: true, visibility: null }],
    });
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Subject').fill(`google-${email}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.goto('/account/sign-in-methods');
    await page.getByRole('button', { name: 'Link GitHub' }).click();
    await page.getByLabel('User id').fill(String(githubId));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText("This account's email address is not yours here").waitFor();
    expect(new URL(page.url()).searchParams.get('error')).toBe('email_does_not_match');
  });
});
