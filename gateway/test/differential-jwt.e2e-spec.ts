import { join } from 'node:path';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { uniqueEmail } from './support/http.js';
import { declaredRoutes } from './support/oracle/controller-routes.js';
import type { Answer, Difference, Pair, Side, SideName } from './support/oracle/pair.js';
import { startPair } from './support/oracle/start-pair.js';
import { ACCOUNT_SURFACE_IGNORED_KEYS } from './differential-account.allowed.js';

const auth = (path: string) => `/api/auth/${path}`;
const JWT_HEADERS = ['set-auth-jwt', 'access-control-expose-headers'];

/**
 * A token's algorithm and its header and claim names (not values). As in the shapes, a null claim is the same as
 * an absent one, and the admin plugin's user fields are left to the admin suite.
 */
function tokenShape(token: string | null) {
  if (token === null) return null;
  const header = decodeProtectedHeader(token);
  const claims = Object.entries(decodeJwt(token))
    .filter(([name, value]) => value !== null && !ACCOUNT_SURFACE_IGNORED_KEYS.has(name))
    .map(([name]) => name)
    .sort();
  return { alg: header.alg, header: Object.keys(header).sort(), claims };
}

/** What the JWT plugin adds to an answer: its headers (set-auth-jwt by presence), and the token's shape. */
function jwtHeaders({ headers }: Answer) {
  const token = headers.get('set-auth-jwt');
  return {
    present: JWT_HEADERS.filter((name) => headers.has(name)),
    exposed: headers.get('access-control-expose-headers'),
    token: tokenShape(token),
  };
}

/**
 * The JWT plugin's surface (/jwks, /token, get-session's set-auth-jwt) against better-auth 1.7 with `jwt()`:
 * statuses, body shapes and errors as the pair compares them, plus header names and the tokens' header and claim
 * names. Values (keys, ids, times) differ by nature; each side's token is verified against its own /jwks.
 */
describe('the JWT surface, against better-auth 1.7 in the reference profile', () => {
  let pair: Pair;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ pair, stop } = await startPair({ ignoredKeys: ACCOUNT_SURFACE_IGNORED_KEYS }));
  });

  afterAll(() => stop?.());

  const compare = (label: string, ours: unknown, reference: unknown) => {
    if (JSON.stringify(ours) !== JSON.stringify(reference)) {
      pair.differences.push({ label, aspect: 'values', ours, reference });
    }
  };

  /** Verifies the token on its side's own key set, issuer and audience (both default to the base URL). */
  const verifiedOn = async (side: Side, token: string, jwks: unknown) => {
    const keys = createLocalJWKSet(jwks as JSONWebKeySet);
    const { payload } = await jwtVerify(token, keys, { issuer: side.baseUrl, audience: side.baseUrl });
    return payload;
  };

  it('/jwks, /token and set-auth-jwt, signed in and anonymous', async () => {
    await pair.send('setup: sign-up', {
      path: auth('sign-up/email'),
      json: { email: uniqueEmail('jwt'), password: 'correct-horse-1', name: 'Jay' },
      as: 'jwt',
    });
    const jwks = await pair.send('jwks: anonymous', { path: auth('jwks') });
    const token = await pair.send('token: signed in', { path: auth('token'), as: 'jwt' });
    await pair.send('token: anonymous', { path: auth('token') });
    const tokens = {} as Record<SideName, string>;
    for (const side of [pair.ours, pair.reference]) {
      tokens[side.name] = (token[side.name].json as { token: string }).token;
      const payload = await verifiedOn(side, tokens[side.name], jwks[side.name].json);
      expect(payload.exp! - payload.iat!).toBe(900);
    }
    compare('token: signed in › its header and claim names', tokenShape(tokens.ours), tokenShape(tokens.reference));
    const keysOf = (answer: Answer) => (answer.json as JSONWebKeySet).keys;
    compare('jwks: the key algorithm', keysOf(jwks.ours)[0]?.alg, keysOf(jwks.reference)[0]?.alg);

    const session = await pair.send('get-session: signed in', { path: auth('get-session'), as: 'jwt' });
    compare('get-session: signed in › JWT headers', jwtHeaders(session.ours), jwtHeaders(session.reference));
    for (const side of [pair.ours, pair.reference]) {
      await verifiedOn(side, session[side.name].headers.get('set-auth-jwt')!, jwks[side.name].json);
    }
    const anonymous = await pair.send('get-session: anonymous', { path: auth('get-session') });
    compare('get-session: anonymous › JWT headers', jwtHeaders(anonymous.ours), jwtHeaders(anonymous.reference));
  });

  it('has sent requests to every route the JWT controller declares', () => {
    const sent = [...pair.sent].map((line) => line.split(' ') as [string, string]);
    const routes = declaredRoutes(join(process.cwd(), 'gateway/src/jwt'), '/api/auth');
    expect(routes.map(({ route }) => route).sort()).toEqual(['GET /api/auth/jwks', 'GET /api/auth/token']);
    const missed = routes.filter((route) => !sent.some(([method, path]) => route.matches(method, path)));
    expect(missed.map(({ route }) => route)).toEqual([]);
  });

  it('differs from better-auth 1.7 nowhere', () => {
    const differences: Difference[] = pair.differences;
    expect(differences).toEqual([]);
  });
});
