import { uniqueEmail } from './support/http.js';
import { differencesAgainst, routesNeverSent } from './support/oracle/differential-checks.js';
import type { Answer, Pair, Side, SideName } from './support/oracle/pair.js';
import { startPair, WEB_ORIGIN } from './support/oracle/start-pair.js';
import {
  SoftwareAuthenticator,
  type AnswerOverrides,
  type CeremonyOptions,
  type SoftwareCredential,
} from './support/software-authenticator.js';
import { ACCOUNT_SURFACE_IGNORED_KEYS } from './differential-account.allowed.js';
import { PASSKEY_SURFACE_DIFFERENCES } from './differential-passkeys.allowed.js';

const PASSWORD = 'correct-horse-1';
const auth = (path: string) => `/api/auth/${path}`;
const REGISTER_OPTIONS = auth('passkey/generate-register-options');
const AUTHENTICATE_OPTIONS = auth('passkey/generate-authenticate-options');

/**
 * The passkey plugin's surface against better-auth 1.7 with `passkey()` (@better-auth/passkey 1.7.6): statuses,
 * `{message, code}`, the shapes of the generated options (not their random values), the passkeys as listed, and
 * the challenge and session cookies. Each side gets its own software authenticator, its answers made for the page
 * origin both sides are sent from (the web client's) and the RP ID both derive (localhost).
 */
describe('the passkey surface, against better-auth 1.7 with the passkey plugin', () => {
  let pair: Pair;
  let stop: () => Promise<void>;
  const authenticators = {} as Record<SideName, SoftwareAuthenticator>;
  const passkeyIds = {} as Record<SideName, string>;
  /** Ada's registered credential on each side (the authenticators also hold refused ones). */
  const adas = {} as Record<SideName, SoftwareCredential>;

  beforeAll(async () => {
    ({ pair, stop } = await startPair({ ignoredKeys: ACCOUNT_SURFACE_IGNORED_KEYS }));
    for (const side of ['ours', 'reference'] as const) authenticators[side] = new SoftwareAuthenticator(WEB_ORIGIN);
    for (const actor of ['ada', 'bob']) {
      await pair.send('setup: sign-up', {
        path: auth('sign-up/email'),
        json: { email: uniqueEmail(`passkey-diff-${actor}`), password: PASSWORD, name: actor },
        as: actor,
      });
    }
  });

  afterAll(() => stop?.());

  const optionsOf = (answers: Record<SideName, Answer>, side: Side) => answers[side.name].json as CeremonyOptions;

  /** Options on both sides, then each side's authenticator answers its own. */
  async function ceremony(
    label: string,
    actor: string,
    optionsPath: string,
    answer: (side: SideName, options: CeremonyOptions) => Record<string, unknown>,
    verifyPath: string,
    extra: Record<string, unknown> = {},
  ): Promise<Record<SideName, Answer>> {
    const options = await pair.send(`${label} › options`, { path: optionsPath, as: actor });
    return pair.send(label, (side) => ({
      path: verifyPath,
      json: { response: answer(side.name, optionsOf(options, side)), ...extra },
      as: actor,
    }));
  }

  const registration = (label: string, actor: string, bend: AnswerOverrides = {}, name?: string) =>
    ceremony(
      label,
      actor,
      REGISTER_OPTIONS,
      (side, options) => authenticators[side].register(options, bend),
      auth('passkey/verify-registration'),
      name === undefined ? {} : { name },
    );

  const signIn = (label: string, actor: string, bend: AnswerOverrides = {}) =>
    ceremony(
      label,
      actor,
      AUTHENTICATE_OPTIONS,
      (side, options) => authenticators[side].authenticate(options, bend, adas[side]),
      auth('passkey/verify-authentication'),
    );

  it('registers, lists and renames a passkey, and refuses what the reference refuses', async () => {
    await pair.send('generate-register-options: anonymous', { path: REGISTER_OPTIONS });
    await pair.send('list-user-passkeys: anonymous', { path: auth('passkey/list-user-passkeys') });
    await pair.send('verify-registration: without a challenge cookie', {
      path: auth('passkey/verify-registration'),
      json: { response: { id: 'x' } },
      as: 'bob',
    });
    await registration('verify-registration: an answer for another origin', 'ada', { origin: 'https://evil.example' });
    await registration('verify-registration: an answer to another challenge', 'ada', { challenge: 'b3RoZXI' });
    const added = await registration('verify-registration: ada', 'ada', {}, 'Laptop');
    expect([added.ours.shape.status, added.reference.shape.status]).toEqual([200, 200]);
    for (const side of ['ours', 'reference'] as const) {
      passkeyIds[side] = (added[side].json as { id: string }).id;
      adas[side] = authenticators[side].credentials.at(-1)!;
    }
    await pair.send('verify-registration: the challenge again', (side) => ({
      path: auth('passkey/verify-registration'),
      json: { response: authenticators[side.name].register({ challenge: 'eA' }) },
      as: 'ada',
    }));
    await pair.send('generate-register-options: with a passkey', { path: REGISTER_OPTIONS, as: 'ada' });
    await pair.send('list-user-passkeys: ada', { path: auth('passkey/list-user-passkeys'), as: 'ada' });
    await pair.send('list-user-passkeys: bob', { path: auth('passkey/list-user-passkeys'), as: 'bob' });

    const rename = (label: string, actor: string, id: (side: Side) => string, name = 'Work laptop') =>
      pair.send(label, (side) => ({ path: auth('passkey/update-passkey'), json: { id: id(side), name }, as: actor }));
    await rename('update-passkey: ada', 'ada', (side) => passkeyIds[side.name]);
    await rename('update-passkey: an unknown id', 'ada', () => 'no-such-passkey');
    await rename("update-passkey: bob, ada's passkey", 'bob', (side) => passkeyIds[side.name]);
    await pair.send("delete-passkey: bob, ada's passkey", (side) => ({
      path: auth('passkey/delete-passkey'),
      json: { id: passkeyIds[side.name] },
      as: 'bob',
    }));
    await pair.send('delete-passkey: an unknown id', {
      path: auth('passkey/delete-passkey'),
      json: { id: 'no-such-passkey' },
      as: 'ada',
    });
    await pair.send('list-user-passkeys: ada after the refusals', {
      path: auth('passkey/list-user-passkeys'),
      as: 'ada',
    });
  });

  it('signs in with the passkey, and refuses replays, strangers, wrong origins and counters gone backwards', async () => {
    await pair.send('generate-authenticate-options: anonymous', { path: AUTHENTICATE_OPTIONS });
    await pair.send('generate-authenticate-options: signed in', { path: AUTHENTICATE_OPTIONS, as: 'ada' });
    const signedIn = await signIn('verify-authentication: ada', 'browser');
    expect([signedIn.ours.shape.status, signedIn.reference.shape.status]).toEqual([200, 200]);
    await pair.send('get-session: after the passkey sign-in', { path: auth('get-session'), as: 'browser' });
    await pair.send('verify-authentication: the challenge again', (side) => ({
      path: auth('passkey/verify-authentication'),
      json: { response: authenticators[side.name].authenticate({ challenge: 'eA' }, {}, adas[side.name]) },
      as: 'browser',
    }));
    await signIn('verify-authentication: an answer for another origin', 'stranger', { origin: 'https://evil.example' });
    await signIn('verify-authentication: a counter gone backwards', 'stranger', { counter: 0 });
    const stranger = { ours: new SoftwareAuthenticator(WEB_ORIGIN), reference: new SoftwareAuthenticator(WEB_ORIGIN) };
    const options = await pair.send('verify-authentication: an unknown credential › options', {
      path: AUTHENTICATE_OPTIONS,
      as: 'unknown',
    });
    await pair.send('verify-authentication: an unknown credential', (side) => {
      stranger[side.name].register({ challenge: 'eA' });
      return {
        path: auth('passkey/verify-authentication'),
        json: { response: stranger[side.name].authenticate(optionsOf(options, side)) },
        as: 'unknown',
      };
    });
    await pair.send('delete-passkey: ada', (side) => ({
      path: auth('passkey/delete-passkey'),
      json: { id: passkeyIds[side.name] },
      as: 'ada',
    }));
    await pair.send('list-user-passkeys: ada after the deletion', {
      path: auth('passkey/list-user-passkeys'),
      as: 'ada',
    });
  });

  it("reaches the admins' passkey routes, which the reference does not have", async () => {
    await pair.send('admin/list-user-passkeys: by a plain user', {
      path: auth('admin/list-user-passkeys'),
      json: { userId: 'someone' },
      as: 'bob',
    });
    await pair.send('admin/remove-user-passkey: by a plain user', {
      path: auth('admin/remove-user-passkey'),
      json: { userId: 'someone', passkeyId: 'some-passkey' },
      as: 'bob',
    });
  });

  it('has sent requests to every route the passkey controllers declare', () => {
    const { declared, missed } = routesNeverSent(pair, 'passkey');
    expect(declared).toBe(9);
    expect(missed).toEqual([]);
  });

  it('differs from better-auth 1.7 only where the allow-list says, and every listed difference still exists', () => {
    expect(differencesAgainst(pair.differences, PASSKEY_SURFACE_DIFFERENCES)).toEqual({ unexpected: [], vanished: [] });
  });
});
