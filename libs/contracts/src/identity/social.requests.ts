import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, MaxLength, Min, ValidateBy } from 'class-validator';
import {
  Flag,
  LIMITS,
  Nested,
  OptionalBoolean,
  OptionalId,
  OptionalJsonObject,
  OptionalText,
  OptionalUrl,
  Text,
} from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { traced, TracedRequest } from '../messaging/traced-request.js';
import type { TwoFactorChallenge } from './two-factor.requests.js';
import type { UserView } from './user.view.js';

type FieldDecorator = (target: object, property: string) => void;

const MAX_SCOPES = 50;
const MAX_PARAMETERS = 20;

const OptionalScopes = (): FieldDecorator => (target, property) => {
  IsOptional()(target, property);
  IsArray()(target, property);
  ArrayMaxSize(MAX_SCOPES)(target, property);
  IsString({ each: true })(target, property);
  MaxLength(LIMITS.name, { each: true })(target, property);
};

/** Authorization parameters a client may not set through `additionalParams`: they carry the flow's own security. */
export const RESERVED_AUTHORIZATION_PARAMETERS: readonly string[] = [
  'state',
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'scope',
];

/** A flat map of strings (`additionalParams`), bounded in entries and length, none of the reserved names. */
const OptionalStringMap = (): FieldDecorator => (target, property) => {
  IsOptional()(target, property);
  ValidateBy({
    name: 'stringMap',
    validator: {
      validate: (value: unknown) =>
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).length <= MAX_PARAMETERS &&
        Object.keys(value).every((key) => !RESERVED_AUTHORIZATION_PARAMETERS.includes(key)) &&
        Object.entries(value).every(
          ([key, entry]) => key.length <= LIMITS.name && typeof entry === 'string' && entry.length <= LIMITS.url,
        ),
      defaultMessage: () => '$property must be an object of strings',
    },
  })(target, property);
};

/** What a social sign-in asks of the provider and where it sends the browser back. */
export class SocialFlowOptions {
  @OptionalUrl()
  callbackURL?: string;

  @OptionalUrl()
  errorCallbackURL?: string;

  @OptionalUrl()
  newUserCallbackURL?: string;

  @OptionalBoolean()
  requestSignUp?: boolean;

  @OptionalScopes()
  scopes?: string[];

  @OptionalText(LIMITS.email)
  loginHint?: string;

  @OptionalStringMap()
  additionalParams?: Record<string, string>;
}

/** An id token the client obtained from the provider itself (Google One Tap, a native app), with its tokens. */
export class SocialIdToken {
  @Text(LIMITS.signedToken)
  token!: string;

  @OptionalText(LIMITS.token)
  nonce?: string;

  @OptionalText(LIMITS.signedToken)
  accessToken?: string;

  @OptionalText(LIMITS.signedToken)
  refreshToken?: string;

  /** When the access token expires, in milliseconds since the epoch. */
  @IsOptional()
  @IsInt()
  @Min(0)
  expiresAt?: number;
}

/** POST /sign-in/social: the redirect branch, or with `idToken` the id-token branch. Any provider string passes. */
export class SignInSocialBody extends SocialFlowOptions {
  @Text(LIMITS.name)
  provider!: string;

  @OptionalBoolean()
  disableRedirect?: boolean;

  /** Carried in the reference's state; accepted and not used here. */
  @OptionalJsonObject(LIMITS.metadata)
  additionalData?: Record<string, unknown>;

  @IsOptional()
  @Nested(() => SocialIdToken)
  idToken?: SocialIdToken;
}

/** The id-token branch, with the client facts of the session it starts. */
export class SignInWithIdTokenRequest extends sessionClient(SocialIdToken) {
  @Text(LIMITS.name)
  provider!: string;

  @OptionalBoolean()
  requestSignUp?: boolean;

  /** The browser's trusted device (see `SignInWithEmailRequest`). */
  @OptionalText(LIMITS.token)
  trustedDevice?: string;
}

/** The gateway's checked sign-in: URLs trusted, the callback URL defaulted. */
export class StartSocialSignInRequest extends traced(SocialFlowOptions) {
  @Text(LIMITS.name)
  provider!: string;
}

/** The provider's authorization URL, and the state the gateway binds to the browser with its cookie. */
export interface SocialAuthorization {
  readonly url: string;
  readonly state: string;
  /** When the flow ends: the state cookie expires with it. */
  readonly expiresAt: string;
}

/** GET /callback/{id}'s fields, with whether the browser's state cookie names this very state. */
export class SocialCallbackRequest extends TracedRequest {
  @Text(LIMITS.name)
  providerId!: string;

  @Text(LIMITS.token)
  state!: string;

  @Flag()
  stateCookieMatches!: boolean;

  /** The user of the browser's session, if any: a link-social flow links only while its user is signed in. */
  @OptionalId()
  signedInUserId?: string;

  @OptionalText(LIMITS.signedToken)
  code?: string;

  @OptionalText(LIMITS.name)
  error?: string;

  @OptionalText(LIMITS.url)
  errorDescription?: string;

  @OptionalText(LIMITS.url)
  iss?: string;

  @OptionalText(LIMITS.token)
  deviceId?: string;

  /** Apple's `user` form field (JSON text). */
  @OptionalText(LIMITS.metadata)
  user?: string;

  /** The browser's trusted device (see `SignInWithEmailRequest`). */
  @OptionalText(LIMITS.token)
  trustedDevice?: string;
}

/**
 * Where the callback sends the browser. With `user`, the sign-in resolved them: the gateway starts their session
 * before following `redirect`, and sends the browser to `errorURL` when the session is refused (a banned user).
 */
export interface SocialCallbackReply {
  readonly redirect: string;
  readonly user?: UserView;
  /** The user was created by this sign-in. */
  readonly newUser?: boolean;
  /** The user has two-factor on: instead of a session, the browser goes to the second step with this challenge. */
  readonly challenge?: TwoFactorChallenge;
  readonly errorURL?: string;
}

/** Asks for the configured provider ids. */
export class ListSocialProvidersRequest extends TracedRequest {}
