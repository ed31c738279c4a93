import { Email, LIMITS, OptionalBoolean, OptionalText, OptionalUrl, Password, Text } from '@authsvc/contracts';

export class RequestPasswordResetBody {
  @Email()
  email!: string;

  @OptionalUrl()
  redirectTo?: string;
}

export class ResetPasswordBody {
  @Password()
  newPassword!: string;

  @OptionalText(LIMITS.token)
  token?: string;
}

export class ResetPasswordQueryParams {
  @OptionalText(LIMITS.token)
  token?: string;
}

export class ResetPasswordLinkQueryParams {
  @Text(LIMITS.url)
  callbackURL!: string;
}

export class ChangePasswordBody {
  @Password()
  newPassword!: string;

  @Password()
  currentPassword!: string;

  @OptionalBoolean()
  revokeOtherSessions?: boolean;
}

export class VerifyPasswordBody {
  @Password()
  password!: string;
}
