import { freePort } from './support/free-port.js';
import { CaptchaStandIn, type StandInProvider } from './support/captcha-stand-in.js';
import { postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const SECRET = 'captcha-secret-for-tests';
const SITE_KEY = 'captcha-site-key-for-tests';
const PASSWORD = 'correct-horse-battery-1';

const MISSING = { message: 'Missing CAPTCHA response', code: 'MISSING_CAPTCHA_RESPONSE' };
const FAILED = { message: 'Captcha verification failed', code: 'CAPTCHA_VERIFICATION_FAILED' };
const UNAVAILABLE = { message: 'Something went wrong', code: 'SOMETHING_WENT_WRONG' };

describe('captcha', () => {
  let stack: TestStack;
  let standIn: CaptchaStandIn;

  const captchaEnv = (provider: StandInProvider, env: Record<string, string> = {}) => ({
    CAPTCHA_PROVIDER: provider,
    CAPTCHA_SECRET_KEY: SECRET,
    CAPTCHA_VERIFY_URL: standIn.url(provider),
    ...env,
  });

  /** A POST from a fresh client address, with the captcha token when given. */
  const post = (path: string, body: unknown, token?: string, ip = randomClientIp()) =>
    postJson(stack.url(`/api/auth${path}`), body, {
      'x-forwarded-for': ip,
      ...(token === undefined ? {} : { 'x-captcha-response': token }),
    });
  const signUp = (token?: string, email = uniqueEmail('captcha')) =>
    post('/sign-up/email', { name: 'Captcha', email, password: PASSWORD }, token);

  beforeAll(async () => {
    standIn = await CaptchaStandIn.start(SECRET, SITE_KEY);
    stack = await TestStack.start(captchaEnv('cloudflare-turnstile', { CAPTCHA_TIMEOUT_MS: '1000' }));
  });

  afterAll(async () => {
    await stack?.stop();
    await standIn?.stop();
  });

  describe('with Cloudflare Turnstile, on the default endpoints', () => {
    it('refuses a guarded request without a token before reading its body, and asks no provider', async () => {
      const before = standIn.received.length;
      const email = uniqueEmail('no-token');
      const answer = await signUp(undefined, email);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: MISSING });
      const notJson = await post('/sign-in/email', '{not json');
      expect({ status: notJson.status, body: notJson.body }).toEqual({ status: 400, body: MISSING });
      expect(standIn.received.length).toBe(before);
      // Nothing was created: the same address signs up once a token comes along.
      expect((await signUp(standIn.issue(), email)).status).toBe(200);
    });

    it('guards sign-up, sign-in by email and both names of the password-reset request', async () => {
      const email = uniqueEmail('guarded');
      const requests: Array<[string, unknown]> = [
        ['/sign-up/email', { name: 'Guarded', email, password: PASSWORD }],
        ['/sign-in/email', { email, password: PASSWORD }],
        ['/forget-password', { email, redirectTo: '/reset' }],
        ['/request-password-reset', { email, redirectTo: '/reset' }],
        // Another spelling the router serves for the same route is the same route.
        ['/%73ign-in/email', { email, password: PASSWORD }],
      ];
      for (const [path, body] of requests) {
        const answer = await post(path, body);
        expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: MISSING });
      }
    });

    it('lets a token the provider passes through, asking with the secret, the token and the client address as JSON', async () => {
      const token = standIn.issue();
      const ip = randomClientIp();
      const email = uniqueEmail('accepted');
      const answer = await post('/sign-up/email', { name: 'Accepted', email, password: PASSWORD }, token, ip);
      expect(answer.status).toBe(200);
      expect(standIn.received.at(-1)).toEqual({
        provider: 'cloudflare-turnstile',
        contentType: 'application/json',
        fields: { secret: SECRET, response: token, remoteip: ip },
      });
      const signIn = await post('/sign-in/email', { email, password: PASSWORD }, standIn.issue());
      expect(signIn.status).toBe(200);
    });

    it('refuses a token the provider turns down: unknown, or already used', async () => {
      const unknown = await signUp('a-token-nobody-issued');
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 403, body: FAILED });
      const token = standIn.issue();
      expect((await signUp(token)).status).toBe(200);
      const replayed = await signUp(token);
      expect({ status: replayed.status, body: replayed.body }).toEqual({ status: 403, body: FAILED });
    });

    it('answers 500 when the provider does not answer within CAPTCHA_TIMEOUT_MS, and logs neither token nor secret', async () => {
      const token = standIn.issue('never-answer');
      const started = Date.now();
      const answer = await signUp(token);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 500, body: UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(5_000);
      const logs = stack.logsOf('gateway');
      expect(logs).toContain('cloudflare-turnstile siteverify failed');
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(SECRET);
    });

    it('leaves the other endpoints alone', async () => {
      const byUsername = await post('/sign-in/username', { username: 'nobody_here', password: PASSWORD });
      expect(byUsername.status).toBe(401);
      const ok = await request(stack.url('/api/auth/ok'), { headers: { 'x-forwarded-for': randomClientIp() } });
      expect({ status: ok.status, body: ok.body }).toEqual({ status: 200, body: { ok: true } });
      const reset = await post('/reset-password', { token: 'not-a-reset-token', newPassword: 'a-new-password-1' });
      expect(reset.status).toBe(400);
      expect(reset.body).toMatchObject({ code: 'INVALID_TOKEN' });
    });
  });

  describe('with Google reCAPTCHA and CAPTCHA_MIN_SCORE', () => {
    beforeAll(() => stack.restart('gateway', captchaEnv('google-recaptcha', { CAPTCHA_MIN_SCORE: '0.7' })));

    it('passes a v3 token scored at least the minimum, asking with a form', async () => {
      const token = standIn.issue({ score: 0.9, action: 'sign_up' });
      expect((await signUp(token)).status).toBe(200);
      const { contentType, fields } = standIn.received.at(-1)!;
      expect(contentType).toBe('application/x-www-form-urlencoded');
      expect(fields).toMatchObject({ secret: SECRET, response: token });
    });

    it('refuses a v3 token scored below the minimum', async () => {
      const answer = await signUp(standIn.issue({ score: 0.3 }));
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: FAILED });
    });

    it('passes a v2 token (no score) and refuses one the provider turns down', async () => {
      expect((await signUp(standIn.issue())).status).toBe(200);
      expect((await signUp('a-token-nobody-issued')).status).toBe(403);
    });
  });

  describe('with hCaptcha, its site key and CAPTCHA_ENDPOINTS', () => {
    beforeAll(() =>
      stack.restart(
        'gateway',
        captchaEnv('hcaptcha', { CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_ENDPOINTS: '/sign-in,/api/auth/sign-up/email' }),
      ),
    );

    it('guards the listed routes and the routes under them, and no others', async () => {
      const byUsername = await post('/sign-in/username', { username: 'nobody_here', password: PASSWORD });
      expect({ status: byUsername.status, body: byUsername.body }).toEqual({ status: 400, body: MISSING });
      expect((await signUp()).status).toBe(400);
      const reset = await post('/request-password-reset', { email: uniqueEmail('unguarded'), redirectTo: '/reset' });
      expect(reset.status).toBe(200);
    });

    it('asks with the site key, and passes what the provider passes', async () => {
      const token = standIn.issue();
      const email = uniqueEmail('hcaptcha');
      expect((await signUp(token, email)).status).toBe(200);
      expect(standIn.received.at(-1)).toMatchObject({
        provider: 'hcaptcha',
        contentType: 'application/x-www-form-urlencoded',
        fields: { secret: SECRET, response: token, sitekey: SITE_KEY },
      });
      const refused = await post('/sign-in/email', { email, password: PASSWORD }, 'a-token-nobody-issued');
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: FAILED });
    });
  });

  describe('with a provider nobody listens for', () => {
    beforeAll(async () =>
      stack.restart(
        'gateway',
        captchaEnv('cloudflare-turnstile', { CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await freePort()}/siteverify` }),
      ),
    );

    it('answers a guarded request 500 and serves the others', async () => {
      const answer = await signUp(standIn.issue());
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 500, body: UNAVAILABLE });
      expect((await post('/sign-in/username', { username: 'nobody_here', password: PASSWORD })).status).toBe(401);
    });
  });
});
