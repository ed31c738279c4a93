import * as oauth from 'oauth4webapi';

/** The providers run on plain HTTP; oauth4webapi refuses that unless told. */
export const insecure = { [oauth.allowInsecureRequests]: true };

/** What the client keeps between its authorization request and the callback. */
export interface StartedAuthorization {
  readonly url: string;
  readonly scope: string;
  readonly verifier: string;
  readonly state: string;
  readonly nonce: string;
}

/**
 * A client of a local provider built on oauth4webapi, as the sign-in engine is: it proves the providers with a
 * certified client library, so a failing social sign-in test points at the engine and not at its provider.
 */
export class RelyingParty {
  readonly client: oauth.Client;

  constructor(
    readonly as: oauth.AuthorizationServer,
    clientId: string,
    private readonly clientSecret: string,
    readonly redirectUri: string,
  ) {
    this.client = { client_id: clientId };
  }

  /** An authorization request with PKCE S256, state and nonce. */
  async start(scope: string): Promise<StartedAuthorization> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const url = new URL(String(this.as.authorization_endpoint));
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.client.client_id,
      redirect_uri: this.redirectUri,
      scope,
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, scope, verifier, state, nonce };
  }

  /** The callback's parameters, checked for state (and `iss` where the provider announces it). */
  callback(redirect: URL, started: StartedAuthorization): URLSearchParams {
    return oauth.validateAuthResponse(this.as, this.client, redirect, started.state);
  }

  /** The raw code exchange; `secret` and `auth` choose a wrong secret or client_secret_basic. */
  exchange(params: URLSearchParams, verifier: string, secret = this.clientSecret, auth = oauth.ClientSecretPost) {
    return oauth.authorizationCodeGrantRequest(
      this.as,
      this.client,
      auth(secret),
      params,
      this.redirectUri,
      verifier,
      insecure,
    );
  }

  /** Exchanges the code and validates the answer; with scope `openid`, the id token is required, with its nonce. */
  async tokens(params: URLSearchParams, started: StartedAuthorization, auth = oauth.ClientSecretPost) {
    const answer = await this.exchange(params, started.verifier, this.clientSecret, auth);
    const openId = started.scope.split(' ').includes('openid');
    return oauth.processAuthorizationCodeResponse(
      this.as,
      this.client,
      answer,
      openId ? { expectedNonce: started.nonce, requireIdToken: true } : undefined,
    );
  }

  async refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
    const auth = oauth.ClientSecretPost(this.clientSecret);
    const answer = await oauth.refreshTokenGrantRequest(this.as, this.client, auth, refreshToken, insecure);
    return oauth.processRefreshTokenResponse(this.as, this.client, answer);
  }

  async userInfo(accessToken: string, sub: string): Promise<oauth.UserInfoResponse> {
    const answer = await oauth.userInfoRequest(this.as, this.client, accessToken, insecure);
    return oauth.processUserInfoResponse(this.as, this.client, sub, answer);
  }
}

/** The OAuth error code a refused call ended with, as the client library reports it. */
export async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof oauth.ResponseBodyError) return error.error;
  if (error instanceof oauth.WWWAuthenticateChallengeError) return error.cause[0]?.parameters.error ?? 'challenge';
  throw new Error(`expected a refusal, got ${String(error)}`);
}
