import { Email, Id, LIMITS, OptionalUrl, Text } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import type { UserView } from './user.view.js';

/** POST /send-verification-email. */
export class SendVerificationEmailBody {
  @Email()
  email!: string;

  /** Where the link sends the user after verifying (already checked against trusted origins). */
  @OptionalUrl()
  callbackURL?: string;
}

/** Mails a verification link; `actorId` is the signed-in user when the request carries a session. */
export class SendVerificationEmailRequest extends traced(SendVerificationEmailBody) {}

/** GET /verify-email: the query of the mailed link. */
export class VerifyEmailQuery {
  @Text(LIMITS.signedToken)
  token!: string;

  /** Where the link was to send the browser: a change-email approval passes it on to the next link. */
  @OptionalUrl()
  callbackURL?: string;
}

export class VerifyEmailRequest extends traced(VerifyEmailQuery) {}

/** POST /change-email. */
export class ChangeEmailBody {
  @Email()
  newEmail!: string;

  @OptionalUrl()
  callbackURL?: string;
}

/**
 * A signed-in user asks to move to `newEmail`; nothing changes until the link mailed to the new address is
 * followed (a verified user first approves from the current address).
 */
export class ChangeEmailRequest extends traced(ChangeEmailBody) {
  @Id()
  userId!: string;
}

/** `verifiedNow` is true only for the click that verified the address: only that one may sign in. */
export interface VerifyEmailReply {
  readonly user: UserView;
  readonly verifiedNow: boolean;
}
