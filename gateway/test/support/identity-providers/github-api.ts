import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GitHubGrants } from './github-grants.js';
import { requestUrl } from './loopback-server.js';

/** One entry of GitHub's `/user/emails`. */
export interface GitHubEmail {
  readonly email: string;
  readonly primary: boolean;
  readonly verified: boolean;
  readonly visibility: 'public' | 'private' | null;
}

/** A GitHub account: `email` is the public address (null or absent when the user keeps it private). */
export interface GitHubUser {
  readonly id: number;
  readonly login: string;
  readonly name: string | null;
  readonly email?: string | null;
  readonly emails: readonly GitHubEmail[];
}

const DOCUMENTATION_URL = 'https://docs.github.com/rest';

/** `GET /user` and `GET /user/emails` with GitHub's JSON shapes, for the bearer token's user. */
export function answerApi(
  request: IncomingMessage,
  response: ServerResponse,
  users: ReadonlyMap<number, GitHubUser>,
  grants: GitHubGrants,
): void {
  const json = (status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };
  // GitHub takes `Bearer` and its older `token` scheme alike.
  const token = /^(?:bearer|token) (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined)
    return json(401, { message: 'Requires authentication', documentation_url: DOCUMENTATION_URL });
  const userId = grants.userOf(token);
  const user = userId === undefined ? undefined : users.get(userId);
  if (user === undefined) return json(401, { message: 'Bad credentials', documentation_url: DOCUMENTATION_URL });
  if (requestUrl(request).pathname === '/user/emails') return json(200, user.emails);
  json(200, {
    login: user.login,
    id: user.id,
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    html_url: `https://github.com/${user.login}`,
    type: 'User',
    name: user.name,
    email: user.email ?? null,
  });
}
