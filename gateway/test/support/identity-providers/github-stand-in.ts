import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { answerApi, type GitHubUser } from './github-api.js';
import { GitHubGrants } from './github-grants.js';
import { answerAccessToken, answerAuthorize, answerLogin, type GitHubApp, LOGIN_PATH } from './github-oauth.js';
import { followAsBrowser } from './browser.js';
import { closeServer, listenOnLoopback, requestUrl, serve } from './loopback-server.js';
import { providerEnv } from './provider-env.js';

export type { GitHubEmail, GitHubUser } from './github-api.js';

export interface GitHubStandInOptions {
  readonly clientId?: string;
  readonly clientSecret?: string;
}

/**
 * A local stand-in for GitHub's plain OAuth 2.0 (no OpenID): its authorize and access_token endpoints and the
 * `/user` and `/user/emails` API, all on one loopback origin, with one OAuth app registered.
 */
export class GitHubStandIn {
  private readonly users = new Map<number, GitHubUser>();
  private readonly redirectUris = new Set<string>();
  private readonly grants = new GitHubGrants();
  /** While set, the status `/user` answers with instead of the profile (GitHub's API in an outage). */
  private userApiFailure: number | undefined;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  static async start(options: GitHubStandInOptions = {}): Promise<GitHubStandIn> {
    const { server, origin } = await listenOnLoopback();
    const standIn = new GitHubStandIn(
      server,
      origin,
      options.clientId ?? 'local-github-client',
      options.clientSecret ?? randomBytes(20).toString('hex'),
    );
    serve(server, (request, response) => {
      standIn.answer(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    return standIn;
  }

  /** The engine's settings for GitHub under `prefix`, with `<PREFIX>_EMAILS_ENDPOINT`. */
  env(prefix = 'GITHUB'): Record<string, string> {
    return providerEnv(prefix, {
      CLIENT_ID: this.clientId,
      CLIENT_SECRET: this.clientSecret,
      AUTHORIZATION_ENDPOINT: `${this.origin}/login/oauth/authorize`,
      TOKEN_ENDPOINT: `${this.origin}/login/oauth/access_token`,
      USERINFO_ENDPOINT: `${this.origin}/user`,
      EMAILS_ENDPOINT: `${this.origin}/user/emails`,
    });
  }

  addUser(user: GitHubUser): void {
    this.users.set(user.id, user);
  }

  /** Makes `/user` answer `status` with no profile, or (with `undefined`) answer normally again. */
  failUserApi(status: number | undefined): void {
    this.userApiFailure = status;
  }

  /** Registers a callback URL of the app (known only once the gateway runs). */
  allowRedirectUri(uri: string): void {
    this.redirectUris.add(uri);
  }

  /**
   * Follows `url` as a fresh browser signed in to GitHub as user `id`; resolves to the redirect to the app (`code`
   * and `state`, or `error`) without following it. An unknown `id` cancels (`error=access_denied`).
   */
  authorize(url: string, id: number): Promise<URL> {
    return followAsBrowser(url, {
      origin: this.origin,
      isFormPage: (page) => page.pathname === LOGIN_PATH,
      form: { sub: String(id) },
    });
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const app: GitHubApp = {
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      redirectUris: this.redirectUris,
      users: this.users,
      grants: this.grants,
    };
    const path = requestUrl(request).pathname;
    if (path === '/login/oauth/authorize' && request.method === 'GET') return answerAuthorize(request, response, app);
    if (path === '/login/oauth/access_token' && request.method === 'POST')
      return answerAccessToken(request, response, app);
    if (path === LOGIN_PATH) return answerLogin(request, response);
    if (path === '/user' && this.userApiFailure !== undefined) {
      response.writeHead(this.userApiFailure, { 'content-type': 'application/json' }).end('{"message":"Server Error"}');
      return;
    }
    if ((path === '/user' || path === '/user/emails') && request.method === 'GET') {
      return answerApi(request, response, this.users, this.grants);
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
  }
}
