import { uniqueEmail } from '../support/http.js';
import { LocalOpenIdProvider } from '../support/identity-providers/local-openid-provider.js';
import { checkScreen, newVisitor } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { signInAtProvider } from './support/provider-pages.js';

const SUITE = 'social';

describe('web client: social sign-in in a browser', () => {
  let google: LocalOpenIdProvider;
  beforeAll(async () => {
    // Signs under Google's issuer while served on loopback, as in the gateway's social sign-in e2e test.
    google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
  });
  const suite = browserSuite(() => google.env('GOOGLE'));
  beforeAll(() => google.allowRedirectUri(suite.stack.url('/api/auth/callback/google')));
  afterAll(() => google?.stop());

  function googleUser(label: string) {
    const email = uniqueEmail(label);
    const user = { sub: `google-${email}`, email, emailVerified: true, name: 'Grace Hopper' };
    google.addUser(user);
    return user;
  }

  it('signs a new person up with "Continue with Google", through the provider, to their account', async () => {
    const user = googleUser('web-google');
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await button.waitFor();
    await checkScreen(page, SUITE, 'sign-in');
    await button.click();

    await page.waitForURL((url) => url.origin === google.origin);
    await signInAtProvider(page, user.sub, { consent: true });

    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Grace Hopper');
    expect(await page.getByText(user.email, { exact: true }).count()).toBe(1);
    // The provider vouched for the address: no reminder to verify it.
    expect(await page.getByRole('region', { name: 'Email not verified' }).count()).toBe(0);
    await checkScreen(page, SUITE, 'signed-in');

    await page.getByRole('link', { name: 'Sign-in methods' }).click();
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await methods.getByRole('heading', { name: 'Google', exact: true }).waitFor();
    expect(await methods.getByRole('listitem').count()).toBe(1);
  });

  it('offers it on sign-up too, and returns a person to the page that asked them to sign in', async () => {
    const user = googleUser('web-google-next');
    const page = await newVisitor(suite);
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await checkScreen(page, SUITE, 'sign-up');

    await page.goto('/account/sessions');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, user.sub, { consent: true });
    await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/sessions');
  });

  it("shows the provider's refusal in words on the error page, with a way back to sign-in", async () => {
    const page = await newVisitor(suite);
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, 'nobody-the-provider-knows', { consent: false });

    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/error');
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(await page.getByRole('alert').textContent()).toBe(
      'The sign-in was cancelled or not allowed at the sign-in provider.',
    );
    await checkScreen(page, SUITE, 'access-denied');
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
