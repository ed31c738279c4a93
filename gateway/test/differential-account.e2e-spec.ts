import { uniqueEmail } from './support/http.js';
import { auth, PASSWORD, signUp } from './support/oracle/account-oracle.js';
import * as emailFlows from './support/oracle/account-email-flows.js';
import * as passwordFlows from './support/oracle/account-password-flows.js';
import * as sessionFlows from './support/oracle/account-session-flows.js';
import { differencesAgainst, routesNeverSent } from './support/oracle/differential-checks.js';
import type { Pair } from './support/oracle/pair.js';
import { startPair } from './support/oracle/start-pair.js';
import { ACCOUNT_SURFACE_DIFFERENCES } from './differential-account.allowed.js';

describe('the account surface, against better-auth 1.7 in the reference profile', () => {
  let pair: Pair;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    // The admin plugin's user fields are compared too: every user read carries them.
    ({ pair, stop } = await startPair({ ignoredKeys: new Set() }));
  });

  afterAll(() => stop?.());

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
      await sessionFlows.duplicateSignUps(pair);
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
      email = await signUp(pair, 'sign-in', { username });
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
      await sessionFlows.sessionLifecycle(pair);
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
      await signUp(pair, actor);
      const suffix = Math.random().toString(36).slice(2, 8);
      const body = JSON.parse(JSON.stringify(fields).replaceAll('{n}', suffix));
      await pair.send(`update-user: ${label}`, { path: auth('update-user'), json: body, as: actor });
      await pair.send(`update-user: the session after ${label}`, { path: auth('get-session'), as: actor });
    });

    it('with my own username, a taken one, and anonymously', async () => {
      await sessionFlows.usernameUpdates(pair);
    });
  });

  describe('change-email', () => {
    it('of a verified user: approval by the current address, then the new address confirms', async () => {
      await emailFlows.changeEmailOfVerifiedUser(pair);
    });

    it('of an unverified user: the new address gets a link, which changes the address once followed', async () => {
      await emailFlows.changeEmailOfUnverifiedUser(pair);
    });

    it('followed by a browser signed in as another user', async () => {
      await emailFlows.changeEmailFollowedByAnotherUser(pair);
    });

    it('opened without a session and without callbackURL', async () => {
      await emailFlows.changeEmailLinksWithoutSession(pair);
    });

    it('with bad input', async () => {
      await emailFlows.changeEmailWithBadInput(pair);
    });
  });

  describe('passwords', () => {
    it('change-password, verify-password', async () => {
      await passwordFlows.passwordChecksAndChanges(pair);
    });

    it('request-password-reset, forget-password and reset-password', async () => {
      await passwordFlows.passwordResets(pair);
    });

    it('request-password-reset without redirectTo, and its link', async () => {
      await passwordFlows.passwordResetWithoutRedirect(pair);
    });

    it("forget-password, the spec's alias", async () => {
      await passwordFlows.forgetPasswordAlias(pair);
    });
  });

  describe('verification', () => {
    it('send-verification-email and verify-email', async () => {
      await emailFlows.verificationMails(pair);
    });
  });

  describe('an expired verification link', () => {
    it('answers TOKEN_EXPIRED, or sends the browser back with it', async () => {
      await emailFlows.expiredVerificationLink(pair);
    });
  });

  describe('delete-user', () => {
    it('by mailed confirmation, and its bad inputs', async () => {
      await sessionFlows.deleteUserByMail(pair);
    });

    it('with the password', async () => {
      await sessionFlows.deleteUserWithPassword(pair);
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
      if (label === 'a taken one') await signUp(pair, 'username-owner', { username: taken });
      const body = JSON.parse(JSON.stringify(fields).replaceAll('{n}', suffix).replace('"taken"', `"${taken}"`));
      await pair.send(`is-username-available: ${label}`, { path: auth('is-username-available'), json: body });
    });
  });

  describe('status pages and accounts', () => {
    it('ok, error and list-accounts', async () => {
      await signUp(pair, 'accounts');
      await pair.send('ok', { path: auth('ok') });
      await pair.send('error: without a code', { path: auth('error') });
      await pair.send('error: with a code', { path: auth('error?error=INVALID_TOKEN') });
      await pair.send('list-accounts: signed in', { path: auth('list-accounts'), as: 'accounts' });
      await pair.send('list-accounts: anonymous', { path: auth('list-accounts') });
      await pair.send('an unknown endpoint', { path: auth('no-such-endpoint') });
    });
  });

  it('has sent requests to every route the auth controllers declare', () => {
    const { declared, missed } = routesNeverSent(pair, 'auth');
    expect(declared).toBeGreaterThan(20);
    expect(missed).toEqual([]);
  });

  it('differs from better-auth 1.7 only where the allow-list says, and every listed difference still exists', () => {
    expect(differencesAgainst(pair.differences, ACCOUNT_SURFACE_DIFFERENCES)).toEqual({ unexpected: [], vanished: [] });
  });
});
