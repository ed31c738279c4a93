import { Email, Id, OptionalUrl, Password, Token } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

export class RequestPasswordResetRequest extends TracedRequest {
  @Email()
  email!: string;

  /** Where the app's reset page is (already checked against trusted origins). */
  @OptionalUrl()
  redirectTo?: string;
}

export class PasswordResetTokenRequest extends TracedRequest {
  @Token()
  token!: string;
}

export class ResetPasswordRequest extends TracedRequest {
  @Token()
  token!: string;

  @Password()
  newPassword!: string;
}

export class ChangePasswordRequest extends TracedRequest {
  @Id()
  userId!: string;

  @Password()
  currentPassword!: string;

  @Password()
  newPassword!: string;
}

/** Only from inside the system (never routed over HTTP): a first password for a user without one. */
export class SetPasswordRequest extends TracedRequest {
  @Id()
  userId!: string;

  @Password()
  newPassword!: string;
}

/** Re-authentication of a signed-in user by their password. */
export class CheckPasswordRequest extends TracedRequest {
  @Id()
  userId!: string;

  @Password()
  password!: string;
}
