import { IsIn, IsOptional, Matches } from 'class-validator';
import {
  Id,
  JsonObject,
  LIMITS,
  NonEmptyText,
  OptionalBoolean,
  OptionalId,
  OptionalText,
  Text,
} from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { traced, TracedRequest } from '../messaging/traced-request.js';

/** A WebAuthn answer (`PublicKeyCredential.toJSON()`) is a few kilobytes; anything far larger is no answer. */
const WEBAUTHN_RESPONSE_LIMIT = 65_536;

/** GET /passkey/generate-register-options's query. `context` serves the reference's session-less flows only. */
export class PasskeyRegistrationQuery {
  @IsOptional()
  @IsIn(['platform', 'cross-platform'])
  authenticatorAttachment?: 'platform' | 'cross-platform';

  @OptionalText(LIMITS.name)
  name?: string;

  @OptionalText(LIMITS.name)
  context?: string;
}

/** POST /passkey/verify-registration. `createSession` is the reference's session-less flow's (ignored here). */
export class VerifyPasskeyRegistrationBody {
  @JsonObject(WEBAUTHN_RESPONSE_LIMIT)
  response!: Record<string, unknown>;

  @OptionalText(LIMITS.name)
  name?: string;

  @OptionalBoolean()
  createSession?: boolean;
}

/** POST /passkey/verify-authentication. */
export class VerifyPasskeyAuthenticationBody {
  @JsonObject(WEBAUTHN_RESPONSE_LIMIT)
  response!: Record<string, unknown>;
}

/** POST /passkey/update-passkey: the new name, not blank once trimmed (the identity service trims it). */
export class UpdatePasskeyBody {
  @Id()
  id!: string;

  @NonEmptyText(LIMITS.name)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;
}

/** POST /passkey/delete-passkey. */
export class DeletePasskeyBody {
  @Id()
  id!: string;
}

/** POST /admin/remove-user-passkey: one passkey of the user the admin names. */
export class AdminRemovePasskeyBody {
  @Id()
  userId!: string;

  @Id()
  passkeyId!: string;
}

/** The signed-in user's passkeys (list), or a user's (an admin's list, the admin as actor). */
export class UserPasskeysRequest extends TracedRequest {
  @Id()
  userId!: string;
}

/** Registration options for the signed-in user; `userName` is what the authenticator shows (their email). */
export class PasskeyRegistrationOptionsRequest extends traced(PasskeyRegistrationQuery) {
  @Id()
  userId!: string;

  @Text(LIMITS.email)
  userName!: string;
}

/**
 * A registration to verify: the challenge the request's cookie names, and the page origin the browser reported
 * to the gateway (already one of the trusted origins).
 */
export class VerifyPasskeyRegistrationRequest extends traced(VerifyPasskeyRegistrationBody) {
  @Id()
  userId!: string;

  @Text(LIMITS.token)
  challengeId!: string;

  @Text(LIMITS.url)
  origin!: string;
}

/** Authentication options; with a session (`userId`), its passkeys are the allowed credentials. */
export class PasskeyAuthenticationOptionsRequest extends TracedRequest {
  @OptionalId()
  userId?: string;
}

/** A passkey sign-in to verify; on success the session service starts the session and answers. */
export class VerifyPasskeyAuthenticationRequest extends sessionClient(VerifyPasskeyAuthenticationBody) {
  @Text(LIMITS.token)
  challengeId!: string;

  @Text(LIMITS.url)
  origin!: string;
}

export class UpdatePasskeyRequest extends traced(UpdatePasskeyBody) {
  @Id()
  userId!: string;
}

export class DeletePasskeyRequest extends traced(DeletePasskeyBody) {
  @Id()
  userId!: string;
}

export class AdminRemovePasskeyRequest extends traced(AdminRemovePasskeyBody) {}
