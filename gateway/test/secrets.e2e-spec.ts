import bcrypt from 'bcrypt';
import { DEV_DATA_ENCRYPTION_KEY, KeyRing } from '@authsvc/config';
import { createServiceDataSource, PersonalDataVault } from '@authsvc/platform';
import type { DataSource } from 'typeorm';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const FIRST_SECRET = 'secrets-test-first-secret-0123456789abcdef';
const SECOND_SECRET = 'secrets-test-second-secret-0123456789abcdef';

describe('password hashing and secret rotation', () => {
  let stack: TestStack;
  let identityDb: DataSource;

  beforeAll(async () => {
    stack = await TestStack.start({ AUTH_SECRET: FIRST_SECRET });
    identityDb = createServiceDataSource({
      databaseUrl: new URL(stack.databaseUrl),
      schema: 'identity',
      entities: [],
      migrations: [],
      poolSize: 2,
    });
    await identityDb.initialize();
  });

  afterAll(async () => {
    await identityDb?.destroy();
    await stack?.stop();
  });

  const post = <T>(path: string, body: unknown) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp() });

  async function signUp(password: string): Promise<{ email: string; userId: string; cookie: string }> {
    const email = uniqueEmail('secrets');
    const answer = await post<{ user: { id: string } }>('/sign-up/email', { name: 'Secrets', email, password });
    expect(answer.status).toBe(200);
    return { email, userId: answer.body.user.id, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  const signIn = (email: string, password: string) => post('/sign-in/email', { email, password });

  const storedHash = async (userId: string): Promise<string> => {
    const [row] = await identityDb.query(`SELECT password FROM identity.accounts WHERE user_id = $1`, [userId]);
    return row.password;
  };

  const upgradesOf = async (userId: string): Promise<number> => {
    const [row] = await identityDb.query(
      `SELECT count(*) FROM identity.events WHERE stream_id = $1 AND type = 'PasswordHashUpgraded'`,
      [`user-${userId}`],
    );
    return Number(row.count);
  };

  const userOf = async (cookie: string) =>
    (await request<{ user: { id: string } } | null>(stack.url('/api/auth/get-session'), { headers: { cookie } })).body
      ?.user.id;

  /**
   * Rewrites a user's credential as a version before pre-hashing stored it: bcrypt of the bare password, in the
   * account row and in the (encrypted) event the user's stream rebuilds its state from.
   */
  async function storeAsBareBcrypt(userId: string, password: string): Promise<string> {
    const legacy = await bcrypt.hash(password, 4);
    const vault = new PersonalDataVault('identity', new KeyRing([DEV_DATA_ENCRYPTION_KEY], 'data-key-wrapping'));
    const [key] = (await vault.keysOf(identityDb.manager, [userId])).values();
    const place = { streamId: `user-${userId}`, type: 'CredentialAccountCreated' };
    const [{ stream_position: streamPosition }] = await identityDb.query(
      `SELECT stream_position FROM identity.events WHERE stream_id = $1 AND type = $2`,
      [place.streamId, place.type],
    );
    const personal = vault.encrypt(key, { passwordHash: legacy }, { ...place, streamPosition });
    await identityDb.query(`UPDATE identity.events SET personal = $3 WHERE stream_id = $1 AND type = $2`, [
      place.streamId,
      place.type,
      personal,
    ]);
    await identityDb.query(`UPDATE identity.accounts SET password = $2 WHERE user_id = $1`, [userId, legacy]);
    return legacy;
  }

  it('tells apart two 100-character passwords that share their first 72 bytes', async () => {
    const shared = 'p'.repeat(72);
    const { email } = await signUp(`${shared}${'a'.repeat(28)}`);
    expect((await signIn(email, `${shared}${'b'.repeat(28)}`)).status).toBe(401);
    expect((await signIn(email, `${shared}${'a'.repeat(28)}`)).status).toBe(200);
  });

  it('signs in with a bare bcrypt hash and upgrades it to the pre-hashed form, once', async () => {
    const password = 'legacy-horse-1';
    const { email, userId } = await signUp(password);
    const legacy = await storeAsBareBcrypt(userId, password);

    expect((await signIn(email, 'wrong-horse-1')).status).toBe(401);
    expect(await storedHash(userId)).toBe(legacy);
    expect((await signIn(email, password)).status).toBe(200);
    expect(await storedHash(userId)).toMatch(/^\$hmac-sha256\$[\w-]{8}\$2b\$04\$/);
    expect(await upgradesOf(userId)).toBe(1);

    expect((await signIn(email, password)).status).toBe(200);
    expect(await upgradesOf(userId)).toBe(1);
  });

  it('keeps cookies and passwords working across a rotation of AUTH_SECRET, until the old secret is removed', async () => {
    const password = 'rotating-horse-1';
    const { email, userId, cookie } = await signUp(password);
    const hashBefore = await storedHash(userId);

    const rotated = { AUTH_SECRET: SECOND_SECRET, AUTH_SECRETS_PREVIOUS: FIRST_SECRET };
    await Promise.all([stack.restart('gateway', rotated), stack.restart('identity', rotated)]);
    expect(await userOf(cookie)).toBe(userId);
    const signedIn = await signIn(email, password);
    expect(signedIn.status).toBe(200);
    const hashAfter = await storedHash(userId);
    expect(hashAfter).not.toBe(hashBefore);
    expect(hashAfter.split('$')[2]).not.toBe(hashBefore.split('$')[2]);

    const oldRemoved = { AUTH_SECRET: SECOND_SECRET, AUTH_SECRETS_PREVIOUS: '' };
    await Promise.all([stack.restart('gateway', oldRemoved), stack.restart('identity', oldRemoved)]);
    expect(await userOf(cookie)).toBeUndefined();
    expect(await userOf(cookieHeaderFrom(signedIn.setCookies))).toBe(userId);
    expect((await signIn(email, password)).status).toBe(200);
  });
});
