import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';
import type { UserView } from './user.view.js';

/** Mails a verification link; `actorId` is the signed-in user when the request carries a session. */
export class SendVerificationEmailRequest extends TracedRequest {
  @IsEmail({}, { message: 'email must be a valid email' })
  @MaxLength(254)
  email!: string;

  /** Where the link sends the user after verifying (already checked against trusted origins). */
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}

export class VerifyEmailRequest extends TracedRequest {
  @IsString()
  @MaxLength(4096)
  token!: string;

  /** Where the link was to send the browser: a change-email approval passes it on to the next link. */
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}

/**
 * A signed-in user asks to move to `newEmail`; nothing changes until the link mailed to the new address is
 * followed (a verified user first approves from the current address).
 */
export class ChangeEmailRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsEmail({}, { message: 'newEmail must be a valid email' })
  @MaxLength(254)
  newEmail!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}

/** `verifiedNow` is true only for the click that verified the address: only that one may sign in. */
export interface VerifyEmailReply {
  readonly user: UserView;
  readonly verifiedNow: boolean;
}
