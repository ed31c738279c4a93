import { Email, Id, OptionalUrl, Text } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';
import type { UserView } from './user.view.js';

/** Mails a verification link; `actorId` is the signed-in user when the request carries a session. */
export class SendVerificationEmailRequest extends TracedRequest {
  @Email()
  email!: string;

  /** Where the link sends the user after verifying (already checked against trusted origins). */
  @OptionalUrl()
  callbackURL?: string;
}

export class VerifyEmailRequest extends TracedRequest {
  @Text(4096)
  token!: string;

  /** Where the link was to send the browser: a change-email approval passes it on to the next link. */
  @OptionalUrl()
  callbackURL?: string;
}

/**
 * A signed-in user asks to move to `newEmail`; nothing changes until the link mailed to the new address is
 * followed (a verified user first approves from the current address).
 */
export class ChangeEmailRequest extends TracedRequest {
  @Id()
  userId!: string;

  @Email()
  newEmail!: string;

  @OptionalUrl()
  callbackURL?: string;
}

/** `verifiedNow` is true only for the click that verified the address: only that one may sign in. */
export interface VerifyEmailReply {
  readonly user: UserView;
  readonly verifiedNow: boolean;
}
