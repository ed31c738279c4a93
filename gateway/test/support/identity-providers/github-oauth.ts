import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GitHubUser } from './github-api.js';
import { verifierMatches, type GitHubGrants } from './github-grants.js';
import { readForm, requestUrl } from './loopback-server.js';

/** The OAuth app registered at the stand-in, and what its endpoints read. */
export interface GitHubApp {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: ReadonlySet<string>;
  readonly users: ReadonlyMap<number, GitHubUser>;
  readonly grants: GitHubGrants;
}

export const LOGIN_PATH = '/login';
const SESSION_COOKIE = 'user_session';

function page(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>${body}`);
}

function redirect(response: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  response.writeHead(302, { location, ...headers }).end();
}

/**
 * `GET /login/oauth/authorize`. A client or redirect_uri the app does not know gets an error page, never a redirect
 * (an open redirector otherwise). Without a session the browser signs in first; GitHub's "Authorize app" step is
 * left out, as for an app the user authorized before. A signed-in login no account has stands for a user who
 * cancels: GitHub then redirects with `error=access_denied`.
 */
export function answerAuthorize(request: IncomingMessage, response: ServerResponse, app: GitHubApp): void {
  const url = requestUrl(request);
  const query = url.searchParams;
  if (query.get('client_id') !== app.clientId) return page(response, 404, '<h1>Application not found</h1>');
  const givenRedirectUri = query.get('redirect_uri') ?? undefined;
  const redirectUri = givenRedirectUri ?? [...app.redirectUris][0];
  if (redirectUri === undefined || !app.redirectUris.has(redirectUri)) {
    return page(response, 400, '<h1>The redirect_uri is not associated with this application.</h1>');
  }
  const codeChallenge = query.get('code_challenge') ?? undefined;
  if (codeChallenge !== undefined && query.get('code_challenge_method') !== 'S256') {
    return page(response, 400, '<h1>Only code_challenge_method S256 is supported.</h1>');
  }
  const session = sessionOf(request);
  if (session === undefined) {
    return redirect(response, `${LOGIN_PATH}?${new URLSearchParams({ return_to: url.pathname + url.search })}`);
  }
  const back = new URL(redirectUri);
  const user = app.users.get(Number(session));
  if (user === undefined) {
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'The user has denied your application access.');
  } else {
    const scope = (query.get('scope') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .join(',');
    back.searchParams.set(
      'code',
      app.grants.issueCode({ userId: user.id, scope, redirectUri: givenRedirectUri, codeChallenge }),
    );
  }
  const state = query.get('state');
  if (state !== null) back.searchParams.set('state', state);
  redirect(response, back.href);
}

/** `GET|POST /login`: a form taking the user id (no password: it stands for GitHub's sign-in), then back. */
export async function answerLogin(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const returnTo = requestUrl(request).searchParams.get('return_to') ?? '/';
  if (request.method !== 'POST') {
    return page(
      response,
      200,
      `<title>Sign in to GitHub</title><form method="post"><label>User id <input name="sub" autofocus></label><button>Sign in</button></form>`,
    );
  }
  const id = (await readForm(request)).get('sub') ?? '';
  // Only a local path: the stand-in is no open redirector either.
  const location = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  redirect(response, location, {
    'set-cookie': `${SESSION_COOKIE}=${encodeURIComponent(id)}; Path=/; HttpOnly; SameSite=Lax`,
  });
}

function sessionOf(request: IncomingMessage): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === SESSION_COOKIE && value) return decodeURIComponent(value);
  }
  return undefined;
}

/**
 * `POST /login/oauth/access_token`. Like GitHub it answers 200 even for errors, with `error` in the body, as JSON
 * when asked with `accept: application/json` and as a form otherwise.
 */
export async function answerAccessToken(
  request: IncomingMessage,
  response: ServerResponse,
  app: GitHubApp,
): Promise<void> {
  const form = await readForm(request);
  const json = (request.headers.accept ?? '').includes('application/json');
  const reply = (body: Record<string, string>): void => {
    const [type, text] = json
      ? ['application/json', JSON.stringify(body)]
      : ['application/x-www-form-urlencoded', new URLSearchParams(body).toString()];
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(text);
  };
  const client = clientCredentials(request, form);
  if (client.id !== app.clientId || client.secret !== app.clientSecret) {
    return reply({
      error: 'incorrect_client_credentials',
      error_description: 'The client_id and/or client_secret passed are incorrect.',
    });
  }
  const code = app.grants.takeCode(form.get('code') ?? '');
  if (code === undefined) {
    return reply({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
  }
  if ((form.get('redirect_uri') ?? undefined) !== code.redirectUri) {
    return reply({
      error: 'redirect_uri_mismatch',
      error_description: 'The redirect_uri MUST match the registered callback URL for this application.',
    });
  }
  // GitHub documents no error value for a wrong verifier; RFC 6749's invalid_grant stands in for it.
  if (code.codeChallenge !== undefined && !verifierMatches(form.get('code_verifier'), code.codeChallenge)) {
    return reply({ error: 'invalid_grant', error_description: 'The code_verifier does not match the code_challenge.' });
  }
  reply({ access_token: app.grants.issueToken(code.userId), token_type: 'bearer', scope: code.scope });
}

/** The client's id and secret from the body, or from HTTP Basic (RFC 6749 2.3.1), which GitHub accepts too. */
function clientCredentials(
  request: IncomingMessage,
  form: URLSearchParams,
): { id: string | null; secret: string | null } {
  const basic = /^basic (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic === undefined) return { id: form.get('client_id'), secret: form.get('client_secret') };
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  const part = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  return { id: part(decoded.slice(0, separator)), secret: part(decoded.slice(separator + 1)) };
}
