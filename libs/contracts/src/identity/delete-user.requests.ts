import { IsBoolean } from 'class-validator';
import { Id, LIMITS, OptionalPassword, OptionalUrl, Text, Token } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

/**
 * A signed-in user asks to delete their account: proven by `password`, or by a session younger than the
 * fresh age (`freshSession`, the gateway's judgement); or, when deletions are confirmed by mail, a link is sent.
 */
export class DeleteUserRequest extends TracedRequest {
  @Id()
  userId!: string;

  @OptionalPassword()
  password?: string;

  @IsBoolean()
  freshSession!: boolean;

  /** The client's address, which the password throttle tells clients apart by. */
  @Text(LIMITS.ipAddress)
  ipAddress!: string;

  /** Where the mailed link sends the browser after the deletion (already checked against trusted origins). */
  @OptionalUrl()
  callbackURL?: string;
}

/**
 * A deletion confirmed by mail answers `{outcome: 'verification-sent'}`. A deletion made at once is handed on to
 * the session service, which ends every session of the user and answers `{revoked}` (their count) itself.
 */
export type DeleteUserReply = { readonly outcome: 'verification-sent' } | { readonly revoked: number };

/** The mailed deletion link, followed by the signed-in user it was sent to. */
export class ConfirmUserDeletionRequest extends TracedRequest {
  @Id()
  userId!: string;

  @Token()
  token!: string;
}
