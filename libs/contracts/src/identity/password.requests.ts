import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

/** Password lengths are the service's rules (catalogue errors), so only an upper bound is validated here. */
const PASSWORD_INPUT_LIMIT = 4096;

export class RequestPasswordResetRequest extends TracedRequest {
  @IsEmail({}, { message: 'email must be a valid email' })
  @MaxLength(254)
  email!: string;

  /** Where the app's reset page is (already checked against trusted origins). */
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirectTo?: string;
}

export class PasswordResetTokenRequest extends TracedRequest {
  @IsString()
  @MaxLength(256)
  token!: string;
}

export class ResetPasswordRequest extends TracedRequest {
  @IsString()
  @MaxLength(256)
  token!: string;

  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  newPassword!: string;
}

export class ChangePasswordRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  currentPassword!: string;

  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  newPassword!: string;
}

/** Only from inside the system (never routed over HTTP): a first password for a user without one. */
export class SetPasswordRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  newPassword!: string;
}

/** Re-authentication of a signed-in user by their password. */
export class CheckPasswordRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  password!: string;
}
