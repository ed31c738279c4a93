import { Email, Flag, Id, LIMITS, OptionalId, OptionalUrl, Text } from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { traced } from '../messaging/traced-request.js';
import type { StartedSession } from '../session/session.rpc.js';

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

/**
 * The followed link, with the client facts of the session that the verifying click starts when `signIn` is
 * set (the gateway's AUTO_SIGN_IN_AFTER_VERIFICATION, for a navigation no other site started), unless the
 * browser is signed in already (`signedInUserId`, the user of the caller's session, whoever that is: a
 * change-email link of another user is refused then).
 */
export class VerifyEmailRequest extends sessionClient(VerifyEmailQuery) {
  @Flag()
  signIn!: boolean;

  @OptionalId()
  signedInUserId?: string;
}

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

/**
 * A followed link is handed on to the session service: it answers with the session the verifying click started,
 * or `{status: true}` once the user's change shows in every get-session.
 */
export type VerifyEmailReply = StartedSession | { readonly status: true };
