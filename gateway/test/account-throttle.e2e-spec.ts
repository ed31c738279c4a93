import { ACTOR_PASSWORD as PASSWORD, signUpActor } from './support/actor.js';
import { sleep, eventually } from './support/eventually.js';
import { postJson, randomClientIp, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

const NEW_PASSWORD = 'another-horse-battery-2';
const WRONG = 'wrong-password';
/** ACCOUNT_THROTTLE_GLOBAL_THRESHOLD's default. */
const ACCOUNT_WIDE_FAILURES = 100;

/**
 * The per-account password throttle, per client and account-wide. Per-client rate limits are off here, so that
 * one client can fail often enough within a test (they are tested in limits.e2e-spec.ts).
 */
describe('password throttle per account and client', () => {
  let stack: TestStack;
  let smtp: SmtpSink;
  let replica: string;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp({ RATE_LIMIT_ENABLED: 'false' }));
    replica = await stack.startGatewayReplica();
  });

  afterAll(() => stack?.stop());

  const signUp = () => signUpActor(stack, 'throttle');
  /** A sign-in by email from the client at `address` (a fresh one unless given), through `gateway`. */
  const signIn = (email: string, password: string, address = randomClientIp(), gateway = stack.baseUrl) =>
    postJson(`${gateway}/api/auth/sign-in/email`, { email, password }, { 'x-forwarded-for': address });

  describe('per client', () => {
    it('locks the account for a client after its 10 wrong passwords, across replicas, and for that client alone', async () => {
      const { email } = await signUp();
      const attacker = randomClientIp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const gateway = attempt % 2 === 0 ? stack.baseUrl : replica;
        expect((await signIn(email, WRONG, attacker, gateway)).status).toBe(401);
      }
      const refused = await signIn(email, PASSWORD, attacker, replica);
      expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(refused.headers.get('x-retry-after')).toBe('1');
      // The owner, on a client that has not been failing, is not held by the attacker's lock.
      expect((await signIn(email, PASSWORD)).status).toBe(200);
      await sleep(1100);
      expect((await signIn(email, PASSWORD, attacker)).status).toBe(200);
      // The success reset that client's count: a wrong password is an ordinary failure again.
      expect((await signIn(email, WRONG, attacker, replica)).status).toBe(401);
      expect((await signIn(email, PASSWORD, attacker, replica)).status).toBe(200);
    });

    it("counts one client's failures of an account together: sign-in by email and by username, and verify-password", async () => {
      const username = `ada_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const { email, cookie, post } = await signUp();
      expect((await post('/update-user', { username })).status).toBe(200);
      const client = { 'x-forwarded-for': randomClientIp() };
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await signIn(email, WRONG, client['x-forwarded-for'])).status).toBe(401);
      }
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const byUsername = await postJson(
          stack.url('/api/auth/sign-in/username'),
          { username, password: WRONG },
          client,
        );
        expect(byUsername.status).toBe(401);
        const verify = await postJson(
          stack.url('/api/auth/verify-password'),
          { password: WRONG },
          { ...client, cookie, origin: stack.baseUrl },
        );
        expect(verify).toMatchObject({ status: 400, body: { code: 'INVALID_PASSWORD' } });
      }
      expect(await signIn(email, PASSWORD, client['x-forwarded-for'])).toMatchObject({
        status: 429,
        body: { code: 'TOO_MANY_REQUESTS' },
      });
    });

    it('throttles an address that names no account exactly like one that does', async () => {
      const email = uniqueEmail('nobody');
      const client = randomClientIp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect(await signIn(email, WRONG, client)).toMatchObject({
          status: 401,
          body: { code: 'INVALID_EMAIL_OR_PASSWORD' },
        });
      }
      const refused = await signIn(email, WRONG, client);
      expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(refused.headers.get('x-retry-after')).toBe('1');
    });
  });

  describe('against guesses spread over many addresses', () => {
    const LOCK_SECONDS = 600;

    beforeAll(async () => {
      // Locks that outlast the test: whatever signs in below does so because the lock does not apply to it, or
      // was cleared, never because it ran out.
      await stack.restart('identity', { ACCOUNT_THROTTLE_BASE_DELAY: String(LOCK_SECONDS) });
    });

    /** One wrong password from each of `count` fresh addresses, every one an ordinary failure. */
    const spreadAttack = async (email: string, count: number) => {
      const statuses = new Set<number>();
      for (let attempt = 0; attempt < count; attempt += 1) statuses.add((await signIn(email, WRONG)).status);
      expect([...statuses]).toEqual([401]);
    };

    const expectLocked = async (email: string, password: string, address?: string) => {
      const refused = await signIn(email, password, address);
      expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(Number(refused.headers.get('x-retry-after'))).toBeGreaterThan(LOCK_SECONDS - 60);
    };

    it("locks the account for new clients after 100 failures from anywhere, never for the owner's proven client", async () => {
      const { email } = await signUp();
      const owner = randomClientIp();
      expect((await signIn(email, PASSWORD, owner)).status).toBe(200);
      await spreadAttack(email, ACCOUNT_WIDE_FAILURES);
      // Further guesses are refused whichever address they come from, even a right one from an unknown client.
      await expectLocked(email, WRONG);
      await expectLocked(email, PASSWORD);
      // The owner's client has proven itself by a right password: it signs in, again and again.
      expect((await signIn(email, PASSWORD, owner)).status).toBe(200);
      expect((await signIn(email, PASSWORD, owner, replica)).status).toBe(200);
    });

    /** The owner resets the password from the client at `address`, with the link mailed to them. */
    const resetPassword = async (email: string, address: string) => {
      const client = { 'x-forwarded-for': address, origin: stack.baseUrl };
      expect((await postJson(stack.url('/api/auth/request-password-reset'), { email }, client)).status).toBe(200);
      const token = await eventually(
        async () =>
          smtp
            .mailsTo(email)
            .map((mail) => /\/api\/auth\/reset-password\/([A-Za-z0-9]+)/.exec(mail.content)?.[1])
            .find(Boolean),
        { what: `the reset mail to ${email}` },
      );
      const reset = await postJson(stack.url('/api/auth/reset-password'), { token, newPassword: NEW_PASSWORD }, client);
      expect(reset).toMatchObject({ status: 200, body: { status: true } });
    };

    it("a completed password reset clears a client's lock", async () => {
      const { email } = await signUp();
      const attacker = randomClientIp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await signIn(email, WRONG, attacker)).status).toBe(401);
      }
      await expectLocked(email, PASSWORD, attacker);
      await resetPassword(email, randomClientIp());
      // The count starts afresh: a wrong password is an ordinary failure, the right one signs in.
      expect((await signIn(email, WRONG, attacker)).status).toBe(401);
      expect((await signIn(email, NEW_PASSWORD, attacker)).status).toBe(200);
    });

    it('a completed password reset clears the account-wide lock', async () => {
      const { email } = await signUp();
      await spreadAttack(email, ACCOUNT_WIDE_FAILURES);
      const owner = randomClientIp();
      await expectLocked(email, PASSWORD, owner);
      await resetPassword(email, owner);
      expect((await signIn(email, NEW_PASSWORD, owner)).status).toBe(200);
      expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    });
  });
});
