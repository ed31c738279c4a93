import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';
import { followAsBrowser, followToFormPost, type FormPost } from './browser.js';
import { closeServer, listenOnLoopback, requestUrl, serve } from './loopback-server.js';
import { openIdConfiguration } from './openid-configuration.js';
import { answerInteraction, INTERACTION_PATH } from './openid-interactions.js';
import { OpenIdStore } from './openid-store.js';
import { OpenIdUsers, type OpenIdUser } from './openid-users.js';
import { providerEnv } from './provider-env.js';

export interface LocalOpenIdProviderOptions {
  /** The `iss` of its tokens and discovery; by default its own URL. Google's is `https://accounts.google.com`. */
  readonly issuer?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** Lifetime of access tokens, short for tests of refresh before expiry (default one hour). */
  readonly accessTokenTtlSeconds?: number;
  /** Lifetime of the access tokens of a refresh (default: `accessTokenTtlSeconds`). */
  readonly refreshedAccessTokenTtlSeconds?: number;
}

/**
 * A real OpenID provider (`oidc-provider`, certified) on a loopback port, with one confidential client: the
 * identity provider of the social sign-in tests. It may sign with another issuer's name (Google's) while served
 * on localhost, since the engine is then told its endpoints rather than discovering them.
 *
 * Use: `start({ issuer: 'https://accounts.google.com' })` before the stack, pass `env('GOOGLE')` to it, then
 * `allowRedirectUri(stack.url('/api/auth/callback/google'))`, `addUser(…)` and `authorize(url, sub)`.
 */
export class LocalOpenIdProvider {
  private readonly redirectUris = new Set<string>();

  private constructor(
    private readonly server: Server,
    private readonly store: OpenIdStore,
    private readonly users: OpenIdUsers,
    private readonly signing: { readonly key: CryptoKey; readonly kid: string },
    readonly origin: string,
    readonly issuer: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  static async start(options: LocalOpenIdProviderOptions = {}): Promise<LocalOpenIdProvider> {
    const { server, origin } = await listenOnLoopback();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const store = new OpenIdStore();
    const users = new OpenIdUsers();
    const issuer = options.issuer ?? origin;
    const provider = new Provider(
      issuer,
      openIdConfiguration({
        store,
        users,
        signingKey: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
        cookieKey: randomBytes(32).toString('base64url'),
        accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
        refreshedAccessTokenTtlSeconds: options.refreshedAccessTokenTtlSeconds ?? options.accessTokenTtlSeconds ?? 3600,
      }),
    );
    const callback = provider.callback();
    serve(server, (request, response) => {
      const path = requestUrl(request).pathname;
      // Plain HTTP on loopback is intended even under an https issuer (Google's): saying so keeps oidc-provider
      // from warning about a TLS-offloading proxy it cannot see. Without `proxy` set, Koa does not act on it.
      request.headers['x-forwarded-proto'] ??= 'http';
      if (!INTERACTION_PATH.test(path)) return callback(request, response);
      answerInteraction(provider, users, request, response).catch((error: unknown) => {
        // An interaction that expired or lost its cookie: a page with the reason, as a provider shows one.
        if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
    return new LocalOpenIdProvider(
      server,
      store,
      users,
      { key: privateKey, kid },
      origin,
      issuer,
      options.clientId ?? 'local-openid-client',
      options.clientSecret ?? randomBytes(24).toString('base64url'),
    );
  }

  /** The engine's settings for this provider under `prefix` (`GOOGLE`, or a generic provider's id). */
  env(prefix: string): Record<string, string> {
    return providerEnv(prefix, {
      CLIENT_ID: this.clientId,
      CLIENT_SECRET: this.clientSecret,
      AUTHORIZATION_ENDPOINT: `${this.origin}/auth`,
      TOKEN_ENDPOINT: `${this.origin}/token`,
      USERINFO_ENDPOINT: `${this.origin}/me`,
      JWKS_URI: `${this.origin}/jwks`,
      ISSUER: this.issuer,
    });
  }

  addUser(user: OpenIdUser): void {
    this.users.add(user);
  }

  /** Closes `sub`'s account: its refresh tokens are refused from now on. */
  removeUser(sub: string): void {
    this.users.remove(sub);
  }

  /**
   * Registers a redirect_uri of the client. The client exists from the first one on: the gateway's callback URL
   * is known only once its stack runs, and oidc-provider re-reads a client from the store on every request.
   */
  allowRedirectUri(uri: string): void {
    this.redirectUris.add(uri);
    this.store.put('Client', this.clientId, {
      client_id: this.clientId,
      client_secret: this.clientSecret,
      redirect_uris: [...this.redirectUris],
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      // oidc-provider 8 accepts the secret in the body (client_secret_post) as well as in Basic for this method.
      token_endpoint_auth_method: 'client_secret_basic',
    });
  }

  /**
   * Follows `url` as a fresh browser signed in as `sub`, consenting; resolves to the redirect to the client
   * (`code` and `state`, or `error`) without following it. An unknown `sub` cancels (`error=access_denied`).
   */
  authorize(url: string, sub: string): Promise<URL> {
    return followAsBrowser(url, this.signInPages(sub));
  }

  private signInPages(sub: string) {
    return { origin: this.origin, isFormPage: (page: URL) => INTERACTION_PATH.test(page.pathname), form: { sub } };
  }

  /** `authorize` for a request with `response_mode=form_post` (Apple's): the form the page posts to the client. */
  authorizeFormPost(url: string, sub: string): Promise<FormPost> {
    return followToFormPost(url, this.signInPages(sub));
  }

  /**
   * An id token signed with the provider's own key, for the id-token flow: by default issued now by this issuer
   * for the client, valid ten minutes; `claims` override any of it (expired, another audience, a wrong nonce).
   */
  signIdToken(claims: JWTPayload): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: this.issuer, aud: this.clientId, iat: now, exp: now + 600, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: this.signing.kid, typ: 'JWT' })
      .sign(this.signing.key);
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}
