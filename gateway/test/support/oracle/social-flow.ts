import type { JWTPayload } from 'jose';
import { GitHubStandIn } from '../identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from '../identity-providers/local-openid-provider.js';
import type { Answer, Pair, SideName, WireRequest } from './pair.js';
import type { ReferenceOptions } from './reference-auth.js';
import { routedUrl, routeProviderHosts, type HostRoute } from './provider-hosts.js';
import type { UrlMask } from './wire-shape.js';

const auth = (path: string) => `/api/auth/${path}`;
const SIDES: readonly SideName[] = ['ours', 'reference'];
type PerSide<T> = Record<SideName, T>;

/** Query parameters whose values are random per request: compared only as present (`state=<state>`). */
const RANDOM_PARAMETERS = /([?&])(state|code|code_challenge|nonce)=[^&#]*/g;

/**
 * The local providers both sides sign in with: oidc-provider as Google (under Google's issuer) and the GitHub
 * stand-in, each accepting both sides' callback URLs; this process's requests to the real hosts go to them.
 */
export class SocialProviders {
  private constructor(
    readonly google: LocalOpenIdProvider,
    readonly github: GitHubStandIn,
    readonly routes: readonly HostRoute[],
    private readonly restoreFetch: () => void,
  ) {}

  static async start(): Promise<SocialProviders> {
    const google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
    const github = await GitHubStandIn.start();
    // Where better-auth 1.7.25 has them written in (wire-social.md, the providers' table).
    const routes: HostRoute[] = [
      ['https://accounts.google.com/o/oauth2/v2/auth', `${google.origin}/auth`],
      ['https://oauth2.googleapis.com/token', `${google.origin}/token`],
      ['https://www.googleapis.com/oauth2/v3/certs', `${google.origin}/jwks`],
      ['https://github.com/login/oauth/', `${github.origin}/login/oauth/`],
      ['https://api.github.com/', `${github.origin}/`],
    ];
    return new SocialProviders(google, github, routes, routeProviderHosts(routes));
  }

  /** Our identity service's settings for both providers. */
  env(): Record<string, string> {
    return { ...this.google.env('GOOGLE'), ...this.github.env('GITHUB') };
  }

  /** The reference profile's `socialProviders`: the same clients. */
  reference(): NonNullable<ReferenceOptions['socialProviders']> {
    return {
      google: { clientId: this.google.clientId, clientSecret: this.google.clientSecret },
      github: { clientId: this.github.clientId, clientSecret: this.github.clientSecret },
    };
  }

  allowCallbacksOf(baseUrls: readonly string[]): void {
    for (const baseUrl of baseUrls) {
      this.google.allowRedirectUri(`${baseUrl}${auth('callback/google')}`);
      this.github.allowRedirectUri(`${baseUrl}${auth('callback/github')}`);
    }
  }

  /**
   * URLs reduced to what a client can rely on. Random values (state, code, PKCE challenge, nonce) are masked in any
   * URL (the callback a form post redirects to carries them). An authorization URL names its endpoint by provider
   * (the reference's real one and our local one are the same endpoint here), sorts its parameters (their order means
   * nothing to a provider) and shows the side's own origin in `redirect_uri` as `<self>`.
   */
  readonly urlMask: UrlMask = (url, ownOrigin) => {
    const endpoints: readonly (readonly [string, string])[] = [
      [`${this.google.origin}/auth`, '<google:authorize>'],
      [`${this.github.origin}/login/oauth/authorize`, '<github:authorize>'],
    ];
    const routed = routedUrl(this.routes, url);
    const endpoint = endpoints.find(([prefix]) => routed.startsWith(`${prefix}?`));
    if (endpoint === undefined) return url.replace(RANDOM_PARAMETERS, '$1$2=<$2>');
    const query = [...new URL(routed).searchParams]
      .map(([name, value]) => [name, value.startsWith(ownOrigin) ? `<self>${value.slice(ownOrigin.length)}` : value])
      .sort(([a], [b]) => a.localeCompare(b));
    return `${endpoint[1]}?${query.map(([name, value]) => `${name}=${value}`).join('&')}`.replace(
      RANDOM_PARAMETERS,
      '$1$2=<$2>',
    );
  };

  /** An id token as Google would sign it for our client (both sides share the client id). */
  idToken(claims: JWTPayload): Promise<string> {
    return this.google.signIdToken(claims);
  }

  async stop(): Promise<void> {
    this.restoreFetch();
    await Promise.all([this.google.stop(), this.github.stop()]);
  }
}

/** Where a side's provider sent the browser back: the callback URL with `code` and `state` (or `error`). */
export type Redirects = PerSide<URL>;

/**
 * The steps of a social sign-in, each on both sides at once: start it, let the provider's user consent, come back
 * to the callback (as the same browser or another, the URL as given or altered).
 */
export class SocialFlow {
  constructor(
    readonly pair: Pair,
    readonly providers: SocialProviders,
  ) {}

  /** `POST /sign-in/social` as `actor` (a browser), the body the same on both sides. */
  start(label: string, actor: string | undefined, json: unknown): Promise<PerSide<Answer>> {
    return this.pair.send(label, { path: auth('sign-in/social'), json, as: actor });
  }

  /**
   * Follows each side's authorization URL at the provider as its user `subject` (an unknown one cancels), and
   * answers where the provider sends the browser back.
   */
  async consent(started: PerSide<Answer>, provider: 'google' | 'github', subject: string): Promise<Redirects> {
    const redirects = await Promise.all(
      SIDES.map((side) => {
        const url = routedUrl(this.providers.routes, (started[side].json as { url: string }).url);
        return provider === 'google'
          ? this.providers.google.authorize(url, subject)
          : this.providers.github.authorize(url, Number(subject));
      }),
    );
    return { ours: redirects[0], reference: redirects[1] };
  }

  /**
   * The browser `actor` arriving at each side's callback: the provider's redirect, changed by `alter` (a field
   * removed, another path). A navigation sends no Origin.
   */
  callback(
    label: string,
    actor: string | undefined,
    redirects: Redirects,
    alter: (url: URL) => URL = (url) => url,
    request: Partial<WireRequest> = {},
  ): Promise<PerSide<Answer>> {
    return this.pair.send(label, (side) => {
      const url = alter(new URL(redirects[side.name]));
      return { origin: null, ...request, path: `${url.pathname}${url.search}`, as: actor };
    });
  }

  /**
   * A provider's `form_post` (Apple's) of the callback's fields: a cross-site POST from the provider's origin, which
   * carries none of the browser's Lax cookies.
   */
  formPost(label: string, redirects: Redirects, origin: string): Promise<PerSide<Answer>> {
    return this.pair.send(label, (side) => {
      const url = new URL(redirects[side.name]);
      return {
        path: url.pathname,
        body: url.searchParams.toString(),
        contentType: 'application/x-www-form-urlencoded',
        origin,
      };
    });
  }

  /** The browser `actor` following each side's `Location` (a navigation: no Origin). */
  follow(label: string, actor: string, answers: PerSide<Answer>): Promise<PerSide<Answer>> {
    return this.pair.send(label, (side) => {
      const url = new URL(answers[side.name].headers.get('location') ?? '/', side.baseUrl);
      return { path: `${url.pathname}${url.search}`, as: actor, origin: null };
    });
  }

  /** Starts a sign-in as `actor` and has the provider's user consent: the setup of a callback step. */
  async consented(
    actor: string,
    provider: 'google' | 'github',
    subject: string,
    body: Record<string, unknown> = {},
  ): Promise<Redirects> {
    const started = await this.start(`setup: sign-in/social ${provider}`, actor, {
      provider,
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: '/oops',
      ...body,
    });
    return this.consent(started, provider, subject);
  }

  /** A user with an email and password on both sides (unverified), signed in as `actor`. */
  signUp(actor: string, email: string): Promise<PerSide<Answer>> {
    return this.pair.send('setup: sign-up/email', {
      path: auth('sign-up/email'),
      json: { email, password: 'correct-horse-1', name: actor },
      as: actor,
    });
  }
}
