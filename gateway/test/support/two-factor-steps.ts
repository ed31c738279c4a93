import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eventually } from './eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail, type JsonResponse } from './http.js';
import { LocalOpenIdProvider } from './identity-providers/local-openid-provider.js';
import type { SmtpSink } from './smtp-sink.js';
import { TestStack } from './test-stack.js';

export interface User {
  email: string;
  id: string;
  /** The session cookie of the user's current session. */
  cookie: string;
}

export interface Enabled {
  totpURI: string;
  backupCodes: string[];
}

export interface TotpUser extends User {
  secret: Uint8Array;
  backupCodes: string[];
}

export const PASSWORD = 'two-factor-pass-1';
export const SESSION_COOKIE = 'better-auth.session_token';
export const CHALLENGE_COOKIE = 'better-auth.two_factor';
export const TRUST_COOKIE = 'better-auth.trust_device';

/** The two-factor suites' stack with its SMTP sink, Google at a local provider, and the address made admin. */
export interface TwoFactorWorld {
  stack: TestStack;
  smtp: SmtpSink;
  google: LocalOpenIdProvider;
  adminEmail: string;
  stop(): Promise<void>;
}

export async function startTwoFactorWorld(): Promise<TwoFactorWorld> {
  const adminEmail = uniqueEmail('tf-admin');
  const google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
  const { stack, smtp } = await TestStack.startWithSmtp({ ...google.env('GOOGLE'), ADMIN_EMAILS: adminEmail });
  google.allowRedirectUri(stack.url('/api/auth/callback/google'));
  const stop = async () => {
    await stack.stop();
    await google.stop();
  };
  return { stack, smtp, google, adminEmail, stop };
}

/** The requests, codes and mails of the two-factor suites, on the world `world()` returns when they run. */
export function twoFactorSteps(world: () => TwoFactorWorld) {
  const post = <T>(path: string, body: unknown, cookie = '') =>
    postJson<T>(world().stack.url(`/api/auth${path}`), body, {
      origin: world().stack.baseUrl,
      'x-forwarded-for': randomClientIp(),
      ...(cookie ? { cookie } : {}),
    });
  const get = <T>(path: string, cookie: string) =>
    request<T>(world().stack.url(`/api/auth${path}`), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });
  const sessionUser = async (cookie: string) =>
    (await get<{ user: { twoFactorEnabled: boolean } } | null>('/get-session', cookie)).body?.user ?? null;

  /** The Set-Cookie of `name` in an answer, and the cookie header to send it back. */
  const cookieIn = (answer: JsonResponse, name: string) => answer.setCookies.find((c) => c.startsWith(`${name}=`));
  const sendBack = (answer: JsonResponse, name: string) => cookieHeaderFrom([cookieIn(answer, name) ?? '']);

  async function signUp(label: string): Promise<User> {
    const email = uniqueEmail(label);
    const answer = await post<{ user: { id: string } }>('/sign-up/email', { name: label, email, password: PASSWORD });
    expect(answer.status).toBe(200);
    return { email, id: answer.body.user.id, cookie: sendBack(answer, SESSION_COOKIE) };
  }

  /** The TOTP code of the secret `steps` periods from now, computed by the reference's own helper. */
  const totp = (secret: Uint8Array, steps = 0) => createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + steps);

  /** A user with TOTP enabled and verified (two-factor on), signed in with the session its verification started. */
  async function totpUser(label: string): Promise<TotpUser> {
    const user = await signUp(label);
    const enabled = await post<Enabled>('/two-factor/enable', { password: PASSWORD }, user.cookie);
    expect(enabled.status).toBe(200);
    const secret = base32.decode(new URL(enabled.body.totpURI).searchParams.get('secret')!);
    const verified = await post<{ token: string }>(
      '/two-factor/verify-totp',
      { code: await totp(secret, -1) },
      user.cookie,
    );
    expect(verified.status).toBe(200);
    return { ...user, cookie: sendBack(verified, SESSION_COOKIE), secret, backupCodes: enabled.body.backupCodes };
  }

  /** A password sign-in that meets the challenge: the challenge cookie to send back. */
  async function challenged(email: string, extraCookie = ''): Promise<string> {
    const answer = await post<{ twoFactorRedirect: boolean }>(
      '/sign-in/email',
      { email, password: PASSWORD },
      extraCookie,
    );
    expect(answer.body).toMatchObject({ twoFactorRedirect: true });
    return sendBack(answer, CHALLENGE_COOKIE);
  }

  const mailedCode = (email: string, count: number) =>
    eventually(
      async () => {
        // The address's other mails (its verification link) carry no code.
        const codes = world()
          .smtp.mailsTo(email)
          .map((mail) => /one-time code:\s*(\d{6})/.exec(mail.content)?.[1]);
        return codes.filter((code) => code !== undefined)[count - 1];
      },
      { what: `code ${count} mailed to ${email}` },
    );

  async function verifyAddress(email: string): Promise<void> {
    const link = await eventually(async () => world().smtp.linksTo(email, '/api/auth/verify-email')[0], {
      what: 'link',
    });
    expect((await request(link.toString(), { headers: { 'x-forwarded-for': randomClientIp() } })).status).toBeLessThan(
      400,
    );
  }

  return { post, get, sessionUser, cookieIn, sendBack, signUp, totp, totpUser, challenged, mailedCode, verifyAddress };
}
