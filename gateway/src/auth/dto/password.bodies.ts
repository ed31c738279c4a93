import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

/** Password lengths are the identity service's rules (catalogue errors); only an upper bound is validated here. */
const PASSWORD_INPUT_LIMIT = 4096;

export class RequestPasswordResetBody {
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirectTo?: string;
}

export class ResetPasswordBody {
  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  newPassword!: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  token?: string;
}

export class ResetPasswordQueryParams {
  @IsOptional()
  @IsString()
  @MaxLength(256)
  token?: string;
}

export class ResetPasswordLinkQueryParams {
  @IsString()
  @MaxLength(2048)
  callbackURL!: string;
}

export class ChangePasswordBody {
  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  newPassword!: string;

  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  currentPassword!: string;

  @IsOptional()
  @IsBoolean()
  revokeOtherSessions?: boolean;
}

export class VerifyPasswordBody {
  @IsString()
  @MaxLength(PASSWORD_INPUT_LIMIT)
  password!: string;
}
