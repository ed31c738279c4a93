import { join } from 'node:path';
import { purposeKey } from '@authsvc/config';
import { SignJWT } from 'jose';
import { uniqueEmail } from './support/http.js';
import { declaredRoutes } from './support/oracle/controller-routes.js';
import type { Difference, Pair, Side } from './support/oracle/pair.js';
import { SECRET, startPair } from './support/oracle/start-pair.js';
import { ACCOUNT_SURFACE_DIFFERENCES } from './differential-account.allowed.js';

const PASSWORD = 'correct-horse-1';
const auth = (path: string) => `/api/auth/${path}`;

describe('the account surface, against better-auth 1.7 in the reference profile', () => {
  let pair: Pair;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    // The admin plugin's user fields are compared too: every user read carries them.
    ({ pair, stop } = await startPair({ ignoredKeys: new Set() }));
  });

  afterAll(() => stop?.());

  /** Signs `actor` up on both sides (and so in); its address. */
  async function signUp(actor: string, fields: Record<string, unknown> = {}): Promise<string> {
    const email = uniqueEmail(actor.replace(/[^a-z0-9]+/gi, '-'));
    await pair.send('setup: sign-up', {
      path: auth('sign-up/email'),
      json: { email, password: PASSWORD, name: actor, ...fields },
      as: actor,
    });
    return email;
  }

  /** Signs `actor` up and follows the verification mail on both sides. */
  async function signUpVerified(actor: string, fields: Record<string, unknown> = {}): Promise<string> {
    const email = await signUp(actor, fields);
    await pair.followLink('setup: verify-email', email, 'verify-email', { as: actor });
    return email;
  }

  describe('sign-up/email', () => {
    it.each([
      ['valid', { name: 'Ada' }],
      ['with rememberMe false', { name: 'Ada', rememberMe: false }],
      ['with a username and displayUsername', { name: 'Ada', username: 'ada_{n}', displayUsername: 'Ada_{n}' }],
      ['with a displayUsername alone', { name: 'Ada', displayUsername: 'ada_{n}' }],
      ['with an invalid displayUsername alone', { name: 'Ada', displayUsername: 'not valid!' }],
      ['with a displayUsername and an invalid username', { name: 'Ada', username: 'x', displayUsername: 'ada_{n}' }],
      ['with a numeric username', { name: 'Ada', username: 12345 }],
      ['with a too short username', { name: 'Ada', username: 'ab' }],
      ['with an invalid username', { name: 'Ada', username: 'has space' }],
      ['with an empty name', { name: '' }],
      ['without a name', {}],
      ['with a numeric name', { name: 42 }],
      ['with a too short password', { name: 'Ada', password: 'short' }],
      ['with an empty password', { name: 'Ada', password: '' }],
      ['with a too long password', { name: 'Ada', password: 'x'.repeat(129) }],
      ['with a malformed email', { name: 'Ada', email: 'not-an-email' }],
      ['with a role', { name: 'Ada', role: 'admin' }],
      ['with emailVerified', { name: 'Ada', emailVerified: true }],
      ['with an image', { name: 'Ada', image: 'https://example.com/a.png' }],
      ['with a javascript: image', { name: 'Ada', image: 'javascript:alert(1)' }],
      ['with a NUL in the name', { name: 'Ada\u0000' }],
      ['with a relative callbackURL', { name: 'Ada', callbackURL: '/welcome' }],
      ['with an untrusted callbackURL', { name: 'Ada', callbackURL: 'https://evil.example/x' }],
      ['with a numeric callbackURL', { name: 'Ada', callbackURL: 42 }],
    ])('%s', async (label, fields) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const body = JSON.parse(
        JSON.stringify({ email: uniqueEmail('sign-up'), password: PASSWORD, ...fields }).replaceAll('{n}', suffix),
      );
      await pair.send(`sign-up/email: ${label}`, { path: auth('sign-up/email'), json: body, as: `sign-up ${label}` });
    });

    it('with an address already registered, and with a username already taken', async () => {
      const username = `taken_${Math.random().toString(36).slice(2, 8)}`;
      const email = await signUp('duplicate', { username });
      await pair.send('sign-up/email: with a registered email', {
        path: auth('sign-up/email'),
        json: { email, password: PASSWORD, name: 'Again' },
      });
      await pair.send('sign-up/email: with a registered email in capitals', {
        path: auth('sign-up/email'),
        json: { email: email.toUpperCase(), password: PASSWORD, name: 'Again' },
      });
      await pair.send('sign-up/email: with a taken username', {
        path: auth('sign-up/email'),
        json: { email: uniqueEmail('other'), password: PASSWORD, name: 'Other', username },
      });
      await pair.compareMails('sign-up/email: the verification mail', email);
    });
  });

  describe('request bodies', () => {
    it.each([
      ['malformed JSON', { body: '{"email": ', contentType: 'application/json' }],
      ['an unsupported media type', { body: 'email=a@example.com', contentType: 'text/plain' }],
      ['a JSON body without Content-Type', { body: '{"email":"a@example.com"}', contentType: null }],
      ['a form body', { body: 'email=a%40example.com&password=x', contentType: 'application/x-www-form-urlencoded' }],
      ['an empty JSON body', { body: '', contentType: 'application/json' }],
      ['a JSON array', { body: '[]', contentType: 'application/json' }],
    ])('sign-in/email with %s', async (label, request) => {
      await pair.send(`request body: ${label}`, { path: auth('sign-in/email'), ...request });
    });
  });

  describe('sign-in', () => {
    let email: string;
    let username: string;

    beforeAll(async () => {
      username = `signin_${Math.random().toString(36).slice(2, 8)}`;
      email = await signUp('sign-in', { username });
    });

    it.each([
      ['valid', () => ({ email, password: PASSWORD })],
      ['with the email in capitals', () => ({ email: email.toUpperCase(), password: PASSWORD })],
      ['with rememberMe false', () => ({ email, password: PASSWORD, rememberMe: false })],
      ['with a wrong password', () => ({ email, password: 'wrong-password-1' })],
      ['with an unknown email', () => ({ email: uniqueEmail('nobody'), password: PASSWORD })],
      ['with a too long password', () => ({ email, password: 'x'.repeat(129) })],
      ['with a malformed email', () => ({ email: 'nope', password: PASSWORD })],
      ['with a relative callbackURL', () => ({ email, password: PASSWORD, callbackURL: '/home?x=1#top' })],
      [
        'with a trusted absolute callbackURL',
        () => ({ email, password: PASSWORD, callbackURL: 'http://localhost:5173/x' }),
      ],
      ['with an untrusted callbackURL', () => ({ email, password: PASSWORD, callbackURL: 'https://evil.example/' })],
      ['with a numeric callbackURL', () => ({ email, password: PASSWORD, callbackURL: 42 })],
      ['without a password', () => ({ email })],
    ])('sign-in/email %s', async (label, body) => {
      await pair.send(`sign-in/email: ${label}`, { path: auth('sign-in/email'), json: body(), as: `sign-in ${label}` });
    });

    it.each([
      ['valid', () => ({ username, password: PASSWORD })],
      ['with the username in capitals', () => ({ username: username.toUpperCase(), password: PASSWORD })],
      ['with a wrong password', () => ({ username, password: 'wrong-password-1' })],
      ['with an unknown username', () => ({ username: 'nobody_here', password: PASSWORD })],
      ['with an invalid username', () => ({ username: 'has space', password: PASSWORD })],
      ['with a too short username', () => ({ username: 'ab', password: PASSWORD })],
      ['with a too long password', () => ({ username, password: 'x'.repeat(129) })],
      ['with a callbackURL', () => ({ username, password: PASSWORD, callbackURL: '/home' })],
      ['with an untrusted callbackURL', () => ({ username, password: PASSWORD, callbackURL: 'https://evil.example/' })],
    ])('sign-in/username %s', async (label, body) => {
      await pair.send(`sign-in/username: ${label}`, {
        path: auth('sign-in/username'),
        json: body(),
        as: `sign-in-u ${label}`,
      });
    });

    it('with a complete JSON body but no Content-Type', async () => {
      await pair.send('sign-in/email: a complete JSON body without Content-Type', {
        path: auth('sign-in/email'),
        body: JSON.stringify({ email, password: PASSWORD }),
        contentType: null,
      });
    });

    it('from a foreign origin, and without an origin', async () => {
      await pair.send('sign-in/email: from a foreign origin', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
        origin: 'https://evil.example',
      });
      await pair.send('sign-in/email: without an origin', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
        origin: null,
      });
    });
  });

  describe('sessions', () => {
    it('get-session, list-sessions, revoke-session(s) and sign-out', async () => {
      const email = await signUp('sessions');
      await pair.send('get-session: signed in', { path: auth('get-session'), as: 'sessions' });
      await pair.send('get-session: anonymous', { path: auth('get-session') });
      await pair.send('get-session: with a forged cookie', {
        path: auth('get-session'),
        headers: { cookie: 'better-auth.session_token=forged.value' },
      });
      await pair.send('get-session: POST', { method: 'POST', path: auth('get-session'), json: {}, as: 'sessions' });
      const second = await pair.send('setup: second sign-in', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
        as: 'sessions-2',
      });
      await pair.send('setup: third sign-in', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
        as: 'sessions-3',
      });
      await pair.send('list-sessions: signed in', { path: auth('list-sessions'), as: 'sessions' });
      await pair.send('list-sessions: anonymous', { path: auth('list-sessions') });
      await pair.send('revoke-session: another of my sessions', (side) => ({
        path: auth('revoke-session'),
        json: { token: (second[side.name].json as { token: string }).token },
        as: 'sessions',
      }));
      await pair.send('revoke-session: an unknown token', {
        path: auth('revoke-session'),
        json: { token: 'unknown' },
        as: 'sessions',
      });
      await pair.send('revoke-session: without a token', { path: auth('revoke-session'), json: {}, as: 'sessions' });
      await pair.send('revoke-session: anonymous', { path: auth('revoke-session'), json: { token: 'x' } });
      await pair.send('revoke-other-sessions: signed in', {
        path: auth('revoke-other-sessions'),
        json: {},
        as: 'sessions',
      });
      await pair.send('list-sessions: after revoking the others', { path: auth('list-sessions'), as: 'sessions' });
      await pair.send('get-session: of a revoked session', { path: auth('get-session'), as: 'sessions-3' });
      await pair.send('revoke-other-sessions: anonymous', { path: auth('revoke-other-sessions'), json: {} });
      await pair.send('revoke-sessions: signed in', { path: auth('revoke-sessions'), json: {}, as: 'sessions' });
      await pair.send('revoke-sessions: anonymous', { path: auth('revoke-sessions'), json: {} });
      await pair.send('setup: sign-in again', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
        as: 'sessions',
      });
      await pair.send('revoke-session: my own', (side) => ({
        path: auth('revoke-session'),
        json: { token: pair.cookie(side, 'sessions', 'better-auth.session_token')?.split('.')[0] },
        as: 'sessions',
      }));
      await pair.send('setup: sign-in once more', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
        as: 'sessions',
      });
      await pair.send('sign-out: signed in', { path: auth('sign-out'), json: {}, as: 'sessions' });
      await pair.send('get-session: after sign-out', { path: auth('get-session'), as: 'sessions' });
      await pair.send('sign-out: anonymous', { path: auth('sign-out'), json: {} });
      await pair.send('sign-out: without a body', { path: auth('sign-out'), method: 'POST', as: 'sessions' });
    });
  });

  describe('update-user', () => {
    it.each([
      ['a new name', { name: 'Renamed' }],
      ['a new image', { image: 'https://example.com/new.png' }],
      ['a null image', { image: null }],
      ['a data: image', { image: 'data:image/png;base64,iVBORw0KGgo=' }],
      ['a new username', { username: 'renamed_{n}' }],
      ['a new displayUsername', { displayUsername: 'Renamed_{n}' }],
      ['a too short username', { username: 'ab' }],
      ['an invalid username', { username: 'has space' }],
      ['an email', { email: 'new-{n}@example.com' }],
      ['a role', { role: 'admin' }],
      ['emailVerified', { emailVerified: true }],
      ['banned', { banned: true }],
      [
        'id, createdAt and updatedAt with a name',
        { name: 'Renamed', id: 'other', createdAt: '2000-01-01T00:00:00.000Z', updatedAt: '2000-01-01T00:00:00.000Z' },
      ],
      ['an unknown field with a name', { name: 'Renamed', favouriteColour: 'green' }],
      ['nothing', {}],
      ['an empty name', { name: '' }],
      ['a numeric name', { name: 42 }],
    ])('with %s', async (label, fields) => {
      const actor = `update ${label}`;
      await signUp(actor);
      const suffix = Math.random().toString(36).slice(2, 8);
      const body = JSON.parse(JSON.stringify(fields).replaceAll('{n}', suffix));
      await pair.send(`update-user: ${label}`, { path: auth('update-user'), json: body, as: actor });
      await pair.send(`update-user: the session after ${label}`, { path: auth('get-session'), as: actor });
    });

    it('with my own username, a taken one, and anonymously', async () => {
      const mine = `mine_${Math.random().toString(36).slice(2, 8)}`;
      const theirs = `theirs_${Math.random().toString(36).slice(2, 8)}`;
      await signUp('update-mine', { username: mine });
      await signUp('update-theirs', { username: theirs });
      await pair.send('update-user: my own username', {
        path: auth('update-user'),
        json: { username: mine },
        as: 'update-mine',
      });
      await pair.send('update-user: a taken username', {
        path: auth('update-user'),
        json: { username: theirs },
        as: 'update-mine',
      });
      await pair.send('update-user: anonymous', { path: auth('update-user'), json: { name: 'x' } });
      await pair.send('update-user: without Origin', {
        path: auth('update-user'),
        json: { name: 'x' },
        as: 'update-mine',
        origin: null,
      });
    });
  });

  describe('change-email', () => {
    it('of a verified user: approval by the current address, then the new address confirms', async () => {
      const email = await signUpVerified('change-verified');
      const newEmail = uniqueEmail('changed-verified');
      await pair.send('change-email: verified user', {
        path: auth('change-email'),
        json: { newEmail, callbackURL: '/changed' },
        as: 'change-verified',
      });
      await pair.compareMails('change-email: verified user, the approval mail', email);
      await pair.followLink('change-email: approval link, signed in', email, 'verify-email', { as: 'change-verified' });
      await pair.compareMails('change-email: verified user, the mail to the new address', newEmail);
      await pair.followLink('change-email: new address link, signed in', newEmail, 'verify-email', {
        as: 'change-verified',
      });
      await pair.send('change-email: the session after confirmation', {
        path: auth('get-session'),
        as: 'change-verified',
      });
    });

    it('of an unverified user: the new address gets a link, which changes the address once followed', async () => {
      await signUp('change-unverified');
      const newEmail = uniqueEmail('changed-unverified');
      await pair.send('change-email: unverified user', {
        path: auth('change-email'),
        json: { newEmail },
        as: 'change-unverified',
      });
      await pair.send('change-email: the session after an unverified change', {
        path: auth('get-session'),
        as: 'change-unverified',
      });
      await pair.compareMails('change-email: unverified user, the mail to the new address', newEmail);
      await pair.followLink('change-email: unverified user follows the link', newEmail, 'verify-email', {
        as: 'change-unverified',
      });
      await pair.send('change-email: the session after verifying', {
        path: auth('get-session'),
        as: 'change-unverified',
      });
      await pair.followLink('change-email: unverified user, the used link again', newEmail, 'verify-email');
    });

    it('followed by a browser signed in as another user', async () => {
      await signUp('change-theirs');
      await signUp('change-bystander');
      const newEmail = uniqueEmail('changed-theirs');
      await pair.send('setup: change-email of an unverified user', {
        path: auth('change-email'),
        json: { newEmail, callbackURL: '/changed' },
        as: 'change-theirs',
      });
      await pair.followLink('change-email: new address link, signed in as another user', newEmail, 'verify-email', {
        as: 'change-bystander',
      });
      await pair.send('change-email: the session of the link’s user after that', {
        path: auth('get-session'),
        as: 'change-theirs',
      });
    });

    it('opened without a session and without callbackURL', async () => {
      const email = await signUpVerified('change-anonymous-link');
      const newEmail = uniqueEmail('changed-anonymous');
      await pair.send('setup: change-email', {
        path: auth('change-email'),
        json: { newEmail },
        as: 'change-anonymous-link',
      });
      await pair.followLink('change-email: approval link without a session', email, 'verify-email');
      await pair.followLink('change-email: new address link without a session', newEmail, 'verify-email');
      await pair.followLink('change-email: a used link opened again', newEmail, 'verify-email');
    });

    it('with bad input', async () => {
      const taken = await signUp('change-taken');
      const email = await signUp('change-bad');
      await pair.send('change-email: the same address', {
        path: auth('change-email'),
        json: { newEmail: email },
        as: 'change-bad',
      });
      await pair.send('change-email: a registered address', {
        path: auth('change-email'),
        json: { newEmail: taken },
        as: 'change-bad',
      });
      await pair.send('change-email: a malformed address', {
        path: auth('change-email'),
        json: { newEmail: 'nope' },
        as: 'change-bad',
      });
      await pair.send('change-email: an untrusted callbackURL', {
        path: auth('change-email'),
        json: { newEmail: uniqueEmail('x'), callbackURL: 'https://evil.example/' },
        as: 'change-bad',
      });
      await pair.send('change-email: anonymous', { path: auth('change-email'), json: { newEmail: uniqueEmail('x') } });
    });
  });

  describe('passwords', () => {
    it('change-password, verify-password', async () => {
      await signUp('password');
      await pair.send('verify-password: right', {
        path: auth('verify-password'),
        json: { password: PASSWORD },
        as: 'password',
      });
      await pair.send('verify-password: wrong', {
        path: auth('verify-password'),
        json: { password: 'wrong-password-1' },
        as: 'password',
      });
      await pair.send('verify-password: anonymous', { path: auth('verify-password'), json: { password: PASSWORD } });
      await pair.send('change-password: wrong current', {
        path: auth('change-password'),
        json: { currentPassword: 'wrong-password-1', newPassword: 'new-password-1' },
        as: 'password',
      });
      await pair.send('change-password: too short', {
        path: auth('change-password'),
        json: { currentPassword: PASSWORD, newPassword: 'short' },
        as: 'password',
      });
      await pair.send('change-password: anonymous', {
        path: auth('change-password'),
        json: { currentPassword: PASSWORD, newPassword: 'new-password-1' },
      });
      await pair.send('change-password: right, keeping other sessions', {
        path: auth('change-password'),
        json: { currentPassword: PASSWORD, newPassword: 'new-password-1' },
        as: 'password',
      });
      await pair.send('change-password: right, revoking other sessions', {
        path: auth('change-password'),
        json: { currentPassword: 'new-password-1', newPassword: 'new-password-2', revokeOtherSessions: true },
        as: 'password',
      });
      await pair.send('get-session: after change-password', { path: auth('get-session'), as: 'password' });
    });

    it('request-password-reset, forget-password and reset-password', async () => {
      const email = await signUp('reset');
      await pair.send('request-password-reset: known address', {
        path: auth('request-password-reset'),
        json: { email, redirectTo: '/reset' },
      });
      await pair.send('request-password-reset: unknown address', {
        path: auth('request-password-reset'),
        json: { email: uniqueEmail('nobody'), redirectTo: '/reset' },
      });
      await pair.send('request-password-reset: untrusted redirectTo', {
        path: auth('request-password-reset'),
        json: { email, redirectTo: 'https://evil.example/' },
      });
      await pair.send('request-password-reset: malformed address', {
        path: auth('request-password-reset'),
        json: { email: 'nope' },
      });
      await pair.send('request-password-reset: known address, a second link', {
        path: auth('request-password-reset'),
        json: { email, redirectTo: '/reset' },
      });
      await pair.compareMails('request-password-reset: the mails', email);
      await pair.followLink('reset-password: the mailed link', email, 'reset-password/');
      await pair.send('reset-password: a link with an unknown token', {
        path: auth('reset-password/unknown?callbackURL=%2Freset'),
      });
      await pair.send('reset-password: a link without callbackURL', { path: auth('reset-password/unknown') });
      const resetTokens = (side: Side) =>
        side
          .linksMailedTo(email)
          .filter((url) => url.pathname.startsWith('/api/auth/reset-password/'))
          .map((url) => url.pathname.split('/').at(-1)!);
      const tokens = { ours: resetTokens(pair.ours).at(-1), reference: resetTokens(pair.reference).at(-1) };
      const firstTokens = { ours: resetTokens(pair.ours)[0], reference: resetTokens(pair.reference)[0] };
      await pair.send('reset-password: a too short password', (side) => ({
        path: auth('reset-password'),
        json: { token: tokens[side.name], newPassword: 'short' },
      }));
      await pair.send('reset-password: right', (side) => ({
        path: auth('reset-password'),
        json: { token: tokens[side.name], newPassword: 'reset-password-1' },
      }));
      await pair.send('reset-password: the same token again', (side) => ({
        path: auth('reset-password'),
        json: { token: tokens[side.name], newPassword: 'reset-password-2' },
      }));
      await pair.send('reset-password: an unknown token', {
        path: auth('reset-password'),
        json: { token: 'unknown', newPassword: 'reset-password-2' },
      });
      await pair.send('reset-password: without a token', {
        path: auth('reset-password'),
        json: { newPassword: 'reset-password-2' },
      });
      await pair.send('sign-in/email: with the reset password', {
        path: auth('sign-in/email'),
        json: { email, password: 'reset-password-1' },
      });
      await pair.send('reset-password: the other mailed link after a completed reset', (side) => ({
        path: auth('reset-password'),
        json: { token: firstTokens[side.name], newPassword: 'reset-password-3' },
      }));
    });

    it('request-password-reset without redirectTo, and its link', async () => {
      const email = await signUp('reset-no-redirect');
      await pair.send('request-password-reset: without redirectTo', {
        path: auth('request-password-reset'),
        json: { email },
      });
      await pair.compareMails('request-password-reset: the mail without redirectTo', email);
      await pair.followLink('reset-password: the mailed link without redirectTo', email, 'reset-password/');
    });

    it("forget-password, the spec's alias", async () => {
      const email = await signUp('forget');
      await pair.send('forget-password: known address', {
        path: auth('forget-password'),
        json: { email, redirectTo: '/reset' },
      });
    });
  });

  describe('verification', () => {
    it('send-verification-email and verify-email', async () => {
      const email = await signUp('verify');
      const other = await signUp('verify-other');
      await pair.send('send-verification-email: signed in, own address, callbackURL', {
        path: auth('send-verification-email'),
        json: { email, callbackURL: '/verified' },
        as: 'verify',
      });
      await pair.send('send-verification-email: signed in, without an address', {
        path: auth('send-verification-email'),
        json: { callbackURL: '/verified' },
        as: 'verify',
      });
      await pair.send('send-verification-email: signed in, another address', {
        path: auth('send-verification-email'),
        json: { email: other },
        as: 'verify',
      });
      await pair.send('send-verification-email: anonymous, known address', {
        path: auth('send-verification-email'),
        json: { email: other },
      });
      await pair.send('send-verification-email: anonymous, unknown address', {
        path: auth('send-verification-email'),
        json: { email: uniqueEmail('nobody') },
      });
      await pair.send('send-verification-email: anonymous, without an address', {
        path: auth('send-verification-email'),
        json: {},
      });
      await pair.compareMails('send-verification-email: the mails to a signed-in user', email);
      await pair.followLink('verify-email: the link with callbackURL, anonymous', email, 'verify-email', {
        as: 'verify-clicker',
      });
      await pair.followLink('verify-email: the same link again', email, 'verify-email', { as: 'verify-clicker-2' });
      await pair.send('send-verification-email: signed in, already verified', {
        path: auth('send-verification-email'),
        json: { email },
        as: 'verify',
      });
      await pair.send('verify-email: an unknown token', { path: auth('verify-email?token=unknown') });
      await pair.send('verify-email: an unknown token with callbackURL', {
        path: auth('verify-email?token=unknown&callbackURL=%2Fverified'),
      });
      await pair.send('verify-email: without a token', { path: auth('verify-email') });
      await pair.followLink('verify-email: the sign-up link of another, signed in as myself', other, 'verify-email', {
        as: 'verify',
      });
      const crossSite = await signUp('verify-cross-site');
      await pair.followLink('verify-email: a link another site sent the browser to', crossSite, 'verify-email', {
        as: 'verify-cross-site-clicker',
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
    });
  });

  describe('an expired verification link', () => {
    /** The link each side would have mailed an hour ago, signed as each signs: 1.7 with the secret itself. */
    const expiredToken = (side: Side, claims: Record<string, unknown>) => {
      const issuedAt = Math.floor(Date.now() / 1000) - 7200;
      const key = side.name === 'ours' ? purposeKey(SECRET, 'verification-token') : new TextEncoder().encode(SECRET);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(key);
    };

    it('answers TOKEN_EXPIRED, or sends the browser back with it', async () => {
      const email = uniqueEmail('expired');
      const signedUp = await pair.send('setup: sign-up', {
        path: auth('sign-up/email'),
        json: { email, password: PASSWORD, name: 'Expired' },
      });
      const tokens = { ours: '', reference: '' };
      for (const side of [pair.ours, pair.reference]) {
        const userId = (signedUp[side.name].json as { user: { id: string } }).user.id;
        tokens[side.name] = await expiredToken(side, { email, userId, requestType: 'email-verification' });
      }
      await pair.send('verify-email: an expired link', (side) => ({
        path: auth(`verify-email?token=${tokens[side.name]}`),
      }));
      await pair.send('verify-email: an expired link with callbackURL', (side) => ({
        path: auth(`verify-email?token=${tokens[side.name]}&callbackURL=%2Fverified`),
      }));
    });
  });

  describe('delete-user', () => {
    it('by mailed confirmation, and its bad inputs', async () => {
      const email = await signUp('delete');
      await pair.send('delete-user: anonymous', { path: auth('delete-user'), json: {} });
      await pair.send('delete-user: wrong password', {
        path: auth('delete-user'),
        json: { password: 'wrong-password-1' },
        as: 'delete',
      });
      await pair.send('delete-user: with an untrusted callbackURL', {
        path: auth('delete-user'),
        json: { callbackURL: 'https://evil.example/' },
        as: 'delete',
      });
      await pair.send('delete-user: with a callbackURL', {
        path: auth('delete-user'),
        json: { callbackURL: '/bye' },
        as: 'delete',
      });
      await pair.compareMails('delete-user: the confirmation mail', email);
      await pair.send('delete-user/callback: an unknown token', {
        path: auth('delete-user/callback?token=unknown'),
        as: 'delete',
      });
      await pair.followLink('delete-user/callback: the mailed link, anonymous', email, 'delete-user/callback');
      await pair.followLink('delete-user/callback: the mailed link, signed in', email, 'delete-user/callback', {
        as: 'delete',
      });
      await pair.send('get-session: after delete-user', { path: auth('get-session'), as: 'delete' });
      await pair.send('sign-in/email: after delete-user', {
        path: auth('sign-in/email'),
        json: { email, password: PASSWORD },
      });
    });

    it('with the password', async () => {
      const email = await signUp('delete-password');
      await pair.send('delete-user: right password', {
        path: auth('delete-user'),
        json: { password: PASSWORD },
        as: 'delete-password',
      });
      await pair.compareMails('delete-user: with the password, the mails', email);
    });
  });

  describe('usernames', () => {
    it.each([
      ['a free one', { username: 'free_{n}' }],
      ['a taken one', { username: 'taken' }],
      ['an empty one', { username: '' }],
      ['a too short one', { username: 'ab' }],
      ['a too long one', { username: 'x'.repeat(31) }],
      ['an invalid one', { username: 'has space' }],
      ['a numeric one', { username: 12345 }],
      ['none', {}],
    ])('is-username-available: %s', async (label, fields) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const taken = `taken_${suffix}`;
      if (label === 'a taken one') await signUp('username-owner', { username: taken });
      const body = JSON.parse(JSON.stringify(fields).replaceAll('{n}', suffix).replace('"taken"', `"${taken}"`));
      await pair.send(`is-username-available: ${label}`, { path: auth('is-username-available'), json: body });
    });
  });

  describe('status pages and accounts', () => {
    it('ok, error and list-accounts', async () => {
      await signUp('accounts');
      await pair.send('ok', { path: auth('ok') });
      await pair.send('error: without a code', { path: auth('error') });
      await pair.send('error: with a code', { path: auth('error?error=INVALID_TOKEN') });
      await pair.send('list-accounts: signed in', { path: auth('list-accounts'), as: 'accounts' });
      await pair.send('list-accounts: anonymous', { path: auth('list-accounts') });
      await pair.send('an unknown endpoint', { path: auth('no-such-endpoint') });
    });
  });

  it('has sent requests to every route the auth controllers declare', () => {
    const sent = [...pair.sent].map((line) => line.split(' ') as [string, string]);
    const routes = declaredRoutes(join(process.cwd(), 'gateway/src/auth'), '/api/auth');
    expect(routes.length).toBeGreaterThan(20);
    const missed = routes.filter((route) => !sent.some(([method, path]) => route.matches(method, path)));
    expect(missed.map(({ route }) => route)).toEqual([]);
  });

  it('differs from better-auth 1.7 only where the allow-list says, and every listed difference still exists', () => {
    const found = new Map<string, Difference>();
    for (const difference of pair.differences) found.set(`${difference.label} › ${difference.aspect}`, difference);
    const allowed = new Set(
      ACCOUNT_SURFACE_DIFFERENCES.flatMap(({ label, aspects }) => aspects.map((aspect) => `${label} › ${aspect}`)),
    );
    const unexpected = [...found].filter(([key]) => !allowed.has(key)).map(([, difference]) => difference);
    const vanished = [...allowed].filter((key) => !found.has(key));
    expect({ unexpected, vanished }).toEqual({ unexpected: [], vanished: [] });
  });
});
