/**
 * Smoke test of the auth API with the published better-auth client, used as an app would use it.
 *
 *   npx tsc -p examples && node examples/dist/client-smoke.js http://localhost:3000
 *
 * The client library is used unchanged. What a browser would do by itself is the app's glue here,
 * because Node's fetch has no cookie jar and sends no Origin header: `CookieJar` keeps the cookies the
 * gateway sets, and every request carries them together with the Origin of the gateway (the gateway
 * refuses cookie-bearing POSTs without a trusted Origin, which browsers always send).
 */
import { createAuthClient } from 'better-auth/client';
import { usernameClient } from 'better-auth/client/plugins';
import { pathToFileURL } from 'node:url';

export interface SmokeStep {
  readonly name: string;
  readonly detail: string;
}

export interface SmokeReport {
  readonly baseURL: string;
  readonly email: string;
  readonly username: string;
  readonly userId: string;
  readonly steps: readonly SmokeStep[];
}

export interface SmokeOptions {
  /** Extra headers for every request, e.g. `x-forwarded-for` when a proxy sits in front of the gateway. */
  readonly headers?: Record<string, string>;
  /** Told about each step as soon as it has passed. */
  readonly onStep?: (step: SmokeStep) => void;
}

const SESSION_COOKIE = /^(__Secure-)?better-auth\.session_token$/;

/** Remembers what `Set-Cookie` headers say and gives it back as one `Cookie` header. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (value === '' || isExpired(attributes)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The session token the session cookie carries (its value is `<token>.<signature>`), if any. */
  sessionToken(): string | undefined {
    for (const [name, value] of this.cookies) {
      if (SESSION_COOKIE.test(name)) return decodeURIComponent(value).split('.')[0];
    }
    return undefined;
  }

  copy(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

function isExpired(attributes: readonly string[]): boolean {
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) return true;
    if (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}

/** The unchanged better-auth client, with the cookie and Origin handling a browser would do. */
export function connectClient(baseURL: string, jar: CookieJar, headers: Record<string, string> = {}) {
  const origin = new URL(baseURL).origin;
  return createAuthClient({
    baseURL,
    plugins: [usernameClient()],
    fetchOptions: {
      onRequest(context) {
        for (const [name, value] of Object.entries(headers)) context.headers.set(name, value);
        context.headers.set('origin', origin);
        const cookie = jar.header();
        if (cookie) context.headers.set('cookie', cookie);
        return context;
      },
      onResponse(context) {
        jar.store(context.response.headers.getSetCookie());
      },
    },
  });
}

/** What every client call answers: the data, or an error with the HTTP status and the API's code. */
interface ClientResult<T> {
  data: T | null;
  error: { status: number; statusText: string; code?: string; message?: string } | null;
}

function succeeded<T>(step: string, result: ClientResult<T>): T {
  if (result.error) {
    const { status, statusText, code, message } = result.error;
    const answer = [status, statusText, code, message].filter((part) => part !== undefined && part !== '');
    throw new Error(`${step}: expected success, got HTTP ${answer.join(' ')}`);
  }
  if (result.data === null) throw new Error(`${step}: expected data, got none`);
  return result.data;
}

function check(step: string, condition: boolean, expectation: string, actual?: unknown): void {
  if (!condition) {
    const got = actual === undefined ? '' : `, got ${JSON.stringify(actual)}`;
    throw new Error(`${step}: expected ${expectation}${got}`);
  }
}

/**
 * Signs a new user up and walks through the session life cycle against the gateway at `baseURL`:
 * sign-up → sign-in → get-session → change-password → sign-out → get-session (null) → sign-in with the
 * username and the new password. Throws at the first step that does not answer as expected.
 */
export async function runClientSmoke(baseURL: string, options: SmokeOptions = {}): Promise<SmokeReport> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `smoke_${unique}`;
  const email = `${username}@example.com`;
  const password = 'smoke-password-1';
  const newPassword = 'smoke-password-2';

  const jar = new CookieJar();
  const authClient = connectClient(baseURL, jar, options.headers);
  const steps: SmokeStep[] = [];
  const passed = (name: string, detail: string) => {
    const step = { name, detail };
    steps.push(step);
    options.onStep?.(step);
  };

  // 1. Sign up with an email and a username; the new user is signed in at once.
  let step = 'sign-up (email)';
  const signedUp = succeeded(step, await authClient.signUp.email({ name: 'Smoke Test', email, password, username }));
  check(step, signedUp.user.email === email, `the user's email ${email}`, signedUp.user.email);
  check(step, signedUp.user.username === username, `the username ${username}`, signedUp.user.username);
  check(step, jar.sessionToken() !== undefined, 'a session cookie');
  const userId = signedUp.user.id;
  // Kept aside as if it were another device: changing the password must end this session.
  const signUpDevice = jar.copy();
  passed(step, `user ${userId} (${email}, username ${username})`);

  // 2. Sign in with the email and password.
  step = 'sign-in (email)';
  const signedIn = succeeded(step, await authClient.signIn.email({ email, password }));
  check(step, signedIn.user.id === userId, `user ${userId}`, signedIn.user.id);
  check(step, typeof signedIn.token === 'string' && signedIn.token !== '', 'a session token', signedIn.token);
  check(step, jar.sessionToken() === signedIn.token, 'the session cookie to carry the token', jar.sessionToken());
  passed(step, `session ${signedIn.token}`);

  // 3. The session cookie identifies the session.
  step = 'get-session';
  const current = succeeded(step, await authClient.getSession());
  check(step, current.user.id === userId, `user ${userId}`, current.user.id);
  check(step, current.session.token === signedIn.token, `session ${signedIn.token}`, current.session.token);
  passed(step, `user ${current.user.email}, session expires ${new Date(current.session.expiresAt).toISOString()}`);

  // 4. Change the password, ending every other session; this session is replaced by a new one.
  step = 'change-password';
  const changed = succeeded(
    step,
    await authClient.changePassword({ currentPassword: password, newPassword, revokeOtherSessions: true }),
  );
  check(step, changed.user.id === userId, `user ${userId}`, changed.user.id);
  check(step, typeof changed.token === 'string' && changed.token !== signedIn.token, 'a new session token', changed);
  check(step, jar.sessionToken() === changed.token, 'a new session cookie with that token', jar.sessionToken());
  const replaced = succeeded(step, await authClient.getSession());
  check(step, replaced.session.token === changed.token, 'get-session to answer the new session', replaced.session);
  const otherDevice = await connectClient(baseURL, signUpDevice, options.headers).getSession();
  check(step, otherDevice.error === null && otherDevice.data === null, 'the sign-up session to be gone', otherDevice);
  passed(step, `new session ${changed.token}; the other session was revoked`);

  // 5. Sign out: the session ends and its cookie is cleared.
  step = 'sign-out';
  const signedOut = succeeded(step, await authClient.signOut());
  check(step, signedOut.success === true, '{success: true}', signedOut);
  check(step, jar.sessionToken() === undefined, 'the session cookie to be cleared', jar.header());
  passed(step, 'session ended, cookie cleared');

  // 6. Without a session, get-session answers null.
  step = 'get-session after sign-out';
  const none = await authClient.getSession();
  check(step, none.error === null, 'no error', none.error);
  check(step, none.data === null, 'null', none.data);
  passed(step, 'null');

  // 7. The username and the new password sign in.
  step = 'sign-in (username, new password)';
  const again = succeeded(step, await authClient.signIn.username({ username, password: newPassword }));
  check(step, again.user.id === userId, `user ${userId}`, again.user.id);
  check(step, jar.sessionToken() === again.token, 'a session cookie with the new token', jar.sessionToken());
  passed(step, `session ${again.token}`);

  return { baseURL, email, username, userId, steps };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseURL = process.argv[2] ?? 'http://localhost:3000';
  process.stdout.write(`better-auth client smoke test against ${baseURL}\n`);
  runClientSmoke(baseURL, { onStep: ({ name, detail }) => process.stdout.write(`  ok  ${name}: ${detail}\n`) }).then(
    () => process.stdout.write('all steps passed\n'),
    (error: unknown) => {
      // A network failure ("fetch failed") tells its reason in the cause, e.g. ECONNREFUSED.
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      process.stderr.write(`FAILED ${error instanceof Error ? error.message : String(error)}${cause}\n`);
      process.exitCode = 1;
    },
  );
}
