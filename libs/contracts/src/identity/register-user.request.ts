import {
  Email,
  LIMITS,
  NonEmptyText,
  OptionalBoolean,
  OptionalImage,
  OptionalUrl,
  OptionalUsername,
} from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

/** Sign-up with email and password. Password length rules are the service's (configurable, catalogue errors). */
export class RegisterUserRequest extends TracedRequest {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @Email()
  email!: string;

  @NonEmptyText(LIMITS.password)
  password!: string;

  @OptionalImage()
  image?: string | null;

  /** Checked against the username rules by the service (catalogue errors). */
  @OptionalUsername()
  username?: string;

  @OptionalUsername()
  displayUsername?: string;

  /** Where the verification link sends the user after verifying (already checked against trusted origins). */
  @OptionalUrl()
  callbackURL?: string;

  @OptionalBoolean()
  rememberMe?: boolean;
}
