// A bench-only OpenID provider that consents at once: the social scenario's Google. It runs in the bench's own
// process, so its CPU counts as the load generator's, never as the stack's.
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { createServer } from 'node:http';
import { freePort } from './stack.mjs';

const base64url = (value) => Buffer.from(value).toString('base64url');
const CODE_LIFETIME_MS = 60_000;

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts the stand-in on a loopback port. The authorization endpoint signs in the subject the request's
 * `login_hint` names and consents without a page: a browser's round trip through a real provider's sign-in is the
 * provider's cost, not ours. The token endpoint checks the client, the code (once), its redirect_uri and the PKCE
 * verifier, and answers an RS256 id token with the flow's nonce, under Google's issuer (the engine is told the
 * endpoints, so it keeps Google's descriptor).
 */
export async function startOpenIdStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const issuer = 'https://accounts.google.com';
  const clientId = 'bench-google-client';
  const clientSecret = randomBytes(24).toString('base64url');
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
  const redirectUris = new Set();
  const codes = new Map();

  const idToken = (claims) => {
    const input = `${base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };

  const authorize = (query, response) => {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== clientId || !redirectUris.has(redirectUri)) {
      return response.writeHead(400, { 'content-type': 'text/plain' }).end('unknown client or redirect_uri');
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      sub: query.get('login_hint') ?? 'bench-user',
      nonce: query.get('nonce') ?? undefined,
      challenge: query.get('code_challenge'),
      redirectUri,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: back.href }).end();
  };

  const token = async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const json = (status, body) =>
      response
        .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    const basic = /^basic (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
    const code = codes.get(form.get('code'));
    codes.delete(form.get('code'));
    const verifier = form.get('code_verifier') ?? '';
    if (
      !code ||
      code.expiresAt < Date.now() ||
      code.redirectUri !== form.get('redirect_uri') ||
      createHash('sha256').update(verifier).digest('base64url') !== code.challenge
    ) {
      return json(400, { error: 'invalid_grant' });
    }
    const now = Math.floor(Date.now() / 1000);
    json(200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: idToken({
        iss: issuer,
        aud: clientId,
        sub: code.sub,
        email: `${code.sub}@example.com`,
        email_verified: true,
        name: `Bench ${code.sub}`,
        ...(code.nonce === undefined ? {} : { nonce: code.nonce }),
        iat: now,
        exp: now + 3600,
      }),
    });
  };

  const port = await freePort();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/auth' && request.method === 'GET') return authorize(url.searchParams, response);
    if (url.pathname === '/jwks') return response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    if (url.pathname === '/token' && request.method === 'POST') {
      return token(request, response).catch((error) => response.writeHead(500).end(String(error)));
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    /** identity's settings for Google pointed at the stand-in. */
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_ENDPOINT: `${origin}/auth`,
      GOOGLE_TOKEN_ENDPOINT: `${origin}/token`,
      GOOGLE_JWKS_URI: `${origin}/jwks`,
    },
    allowRedirectUri: (uri) => redirectUris.add(uri),
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
