import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

/**
 * A signed-in user asks to delete their account: proven by `password`, or by a session younger than the
 * fresh age (`freshSession`, the gateway's judgement); or, when deletions are confirmed by mail, a link is sent.
 */
export class DeleteUserRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(4096)
  password?: string;

  @IsBoolean()
  freshSession!: boolean;

  /** Where the mailed link sends the browser after the deletion (already checked against trusted origins). */
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}

export type DeleteUserOutcome = 'deleted' | 'verification-sent';

/** The mailed deletion link, followed by the signed-in user it was sent to. */
export class ConfirmUserDeletionRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsString()
  @MaxLength(256)
  token!: string;
}
