import {
  Email,
  Id,
  LIMITS,
  OptionalBoolean,
  OptionalText,
  OptionalUrl,
  Password,
  Text,
  Token,
} from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { traced, TracedRequest } from '../messaging/traced-request.js';

/** POST /request-password-reset. */
export class RequestPasswordResetBody {
  @Email()
  email!: string;

  /** Where the app's reset page is (already checked against trusted origins). */
  @OptionalUrl()
  redirectTo?: string;
}

export class RequestPasswordResetRequest extends traced(RequestPasswordResetBody) {}

export class PasswordResetTokenRequest extends TracedRequest {
  @Token()
  token!: string;
}

/** POST /reset-password. The token may come in the body or in the query; the request carries the one given. */
export class ResetPasswordBody {
  @Password()
  newPassword!: string;

  @OptionalText(LIMITS.token)
  token?: string;
}

export class ResetPasswordRequest extends TracedRequest {
  @Token()
  token!: string;

  @Password()
  newPassword!: string;
}

/** POST /change-password. */
export class ChangePasswordBody {
  @Password()
  newPassword!: string;

  @Password()
  currentPassword!: string;

  /** Every session of the user ends, and a new one starts for this client (the session service does both). */
  @OptionalBoolean()
  revokeOtherSessions?: boolean;
}

/** The client facts are those of the session that replaces the user's sessions with `revokeOtherSessions`. */
export class ChangePasswordRequest extends sessionClient(ChangePasswordBody) {
  @Id()
  userId!: string;
}

/** Only from inside the system (never routed over HTTP): a first password for a user without one. */
export class SetPasswordRequest extends TracedRequest {
  @Id()
  userId!: string;

  @Password()
  newPassword!: string;
}

/** POST /verify-password: re-authentication before sensitive steps in the app. */
export class VerifyPasswordBody {
  @Password()
  password!: string;
}

/** Re-authentication of a signed-in user by their password. */
export class CheckPasswordRequest extends traced(VerifyPasswordBody) {
  @Id()
  userId!: string;

  /** The client's address, which the password throttle tells clients apart by. */
  @Text(LIMITS.ipAddress)
  ipAddress!: string;
}
