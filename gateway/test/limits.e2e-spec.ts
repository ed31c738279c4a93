import { request as httpRequest } from 'node:http';
import { sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { PrivateRedis } from './support/private-redis.js';
import { TestStack } from './support/test-stack.js';

const PASSWORD = 'correct-horse-1';
const FOREIGN = 'https://evil.example';

/** A request whose path goes out byte for byte (fetch would resolve dot segments first). */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, method, path, headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Every route that redirects or changes state, as its canonical spelling. */
const STATE_CHANGING_ROUTES: readonly [method: string, path: string][] = [
  ['POST', '/api/auth/sign-up/email'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-in/username'],
  ['POST', '/api/auth/sign-out'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/auth/change-email'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/verify-password'],
  ['POST', '/api/auth/request-password-reset'],
  ['POST', '/api/auth/forget-password'],
  ['POST', '/api/auth/reset-password'],
  ['GET', '/api/auth/reset-password/some-token'],
  ['POST', '/api/auth/send-verification-email'],
  ['GET', '/api/auth/verify-email'],
  ['POST', '/api/auth/delete-user'],
  ['GET', '/api/auth/delete-user/callback'],
  ['POST', '/api/auth/revoke-session'],
  ['POST', '/api/auth/revoke-sessions'],
  ['POST', '/api/auth/revoke-other-sessions'],
];

const hex = (character: string) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`;

/** Other spellings of a path: those the router must not know, and those it serves as the route itself. */
function spellingsOf(path: string): { unknown: string[]; served: string[] } {
  const [, api, auth, first, ...rest] = path.split('/');
  const tail = [first, ...rest].join('/');
  return {
    unknown: [
      `/${api}/${auth}/${first[0].toUpperCase()}${first.slice(1)}${rest.map((part) => `/${part}`).join('')}`,
      `${path}/`,
      `/${api}/${auth}//${tail}`,
      `/${api}/${auth}%2F${tail}`,
      `/${api}/${auth}/x/../${tail}`,
      `/${api}/${auth}/./${tail}`,
    ],
    served: [`/${api}/${auth}/${hex(first[0])}${tail.slice(1)}`, `/${api}/${hex(auth[0])}${auth.slice(1)}/${tail}`],
  };
}

describe('limits and guards', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  const signUp = async (extra: Record<string, string> = {}) => {
    const email = uniqueEmail('throttle');
    const answer = await postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Ada', email, password: PASSWORD, ...extra },
      { 'x-forwarded-for': randomClientIp(), origin: stack.baseUrl },
    );
    expect(answer.status).toBe(200);
    return { email, cookie: cookieHeaderFrom(answer.setCookies) };
  };
  const signIn = (baseUrl: string, email: string, password: string) =>
    postJson(`${baseUrl}/api/auth/sign-in/email`, { email, password }, { 'x-forwarded-for': randomClientIp() });

  describe('another spelling of a route that redirects or changes state', () => {
    /** Everything an attacker would try at once: a cookie, a foreign Origin, a foreign callbackURL. */
    const attack = (method: string, path: string) =>
      rawRequest(
        stack.baseUrl,
        method,
        `${path}?callbackURL=${encodeURIComponent(`${FOREIGN}/`)}`,
        {
          'content-type': 'application/json',
          cookie: 'better-auth.session_token=x',
          origin: FOREIGN,
          'x-forwarded-for': randomClientIp(),
        },
        method === 'POST' ? JSON.stringify({ callbackURL: `${FOREIGN}/`, email: 'a@example.com' }) : undefined,
      );

    /** What each spelling answers, against what it must answer: `status`, and never a redirect. */
    async function expectAnswers(method: string, spellings: readonly string[], status: number): Promise<void> {
      const answers = [];
      for (const spelling of spellings) {
        const answer = await attack(method, spelling);
        answers.push({ spelling, status: answer.status, location: answer.headers.location });
      }
      expect(answers).toEqual(spellings.map((spelling) => ({ spelling, status, location: undefined })));
    }

    it.each(STATE_CHANGING_ROUTES)('%s %s: unknown spellings are 404, never served or redirected', (method, path) =>
      expectAnswers(method, spellingsOf(path).unknown, 404),
    );

    it.each(STATE_CHANGING_ROUTES)('%s %s: a served spelling passes the same origin guard', (method, path) =>
      expectAnswers(method, spellingsOf(path).served, 403),
    );

    it('a served spelling counts against the canonical route’s rate limit', async () => {
      const client = { 'x-forwarded-for': randomClientIp() };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await postJson(stack.url('/api/auth/sign-in/email'), {}, client)).status).toBe(400);
      }
      for (const spelling of spellingsOf('/api/auth/sign-in/email').served) {
        const answer = await postJson(stack.url(spelling), {}, client);
        expect(answer).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      }
    });

    it('every token of the reset link shares one counter', async () => {
      const client = { 'x-forwarded-for': randomClientIp() };
      const statuses: number[] = [];
      for (const token of ['a', 'b', 'c', 'd']) {
        statuses.push(
          (await request(stack.url(`/api/auth/reset-password/${token}?callbackURL=/`), { headers: client })).status,
        );
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
    });
  });

  describe('Fetch Metadata without Origin', () => {
    it('refuses a browser’s sign-in without Origin as a missing Origin', async () => {
      for (const metadata of [
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        const answer = await postJson(
          stack.url('/api/auth/sign-in/email'),
          { email: uniqueEmail(), password: PASSWORD },
          { 'x-forwarded-for': randomClientIp(), ...metadata },
        );
        expect(answer).toMatchObject({ status: 403, body: { code: 'MISSING_OR_NULL_ORIGIN' } });
      }
    });

    it('refuses any POST marked cross-site or same-site without Origin, and serves it with a trusted Origin', async () => {
      const send = (headers: Record<string, string>) =>
        postJson(
          stack.url('/api/auth/request-password-reset'),
          { email: uniqueEmail() },
          {
            'x-forwarded-for': randomClientIp(),
            ...headers,
          },
        );
      for (const site of ['cross-site', 'same-site']) {
        expect(await send({ 'sec-fetch-site': site })).toMatchObject({
          status: 403,
          body: { code: 'MISSING_OR_NULL_ORIGIN' },
        });
      }
      expect((await send({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
      expect((await send({ 'sec-fetch-site': 'same-origin', origin: stack.baseUrl })).status).toBe(200);
      expect((await send({})).status).toBe(200);
    });
  });

  describe('without Redis', () => {
    let redis: PrivateRedis | undefined;

    afterEach(() => redis?.stop());

    it('a gateway answers 503 on routes that check passwords or send mail, and keeps serving the others', async () => {
      redis = await PrivateRedis.start();
      await stack.kill('gateway-replica');
      const gateway = await stack.startGatewayReplica({ REDIS_URL: redis.url });
      await redis.stop();
      await sleep(200);
      const client = { 'x-forwarded-for': randomClientIp() };
      expect(
        await postJson(`${gateway}/api/auth/sign-in/email`, { email: uniqueEmail(), password: PASSWORD }, client),
      ).toMatchObject({ status: 503, body: { code: 'SERVICE_TEMPORARILY_UNAVAILABLE' } });
      expect(
        await postJson(`${gateway}/api/auth/request-password-reset`, { email: uniqueEmail() }, client),
      ).toMatchObject({ status: 503, body: { code: 'SERVICE_TEMPORARILY_UNAVAILABLE' } });
      expect(await request(`${gateway}/api/auth/ok`, { headers: client })).toMatchObject({ status: 200 });
    });

    it('identity checks no password (503) while it cannot reach the throttle', async () => {
      const { email } = await signUp();
      redis = await PrivateRedis.start();
      await stack.restart('identity', { REDIS_URL: redis.url });
      await redis.stop();
      await sleep(200);
      expect(await signIn(stack.baseUrl, email, PASSWORD)).toMatchObject({
        status: 503,
        body: { code: 'SERVICE_TEMPORARILY_UNAVAILABLE' },
      });
    });
  });
});
