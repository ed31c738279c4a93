import { IsBoolean, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

export class CreateSessionRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsString()
  @MaxLength(64)
  ipAddress!: string;

  @IsString()
  @MaxLength(1024)
  userAgent!: string;

  @IsBoolean()
  rememberMe!: boolean;
}

export class GetSessionRequest extends TracedRequest {
  @IsString()
  @MaxLength(128)
  token!: string;

  @IsOptional()
  @IsBoolean()
  disableRefresh?: boolean;

  /**
   * The caller's request may change the user (update-user, a verification link): their cached views are
   * dropped and, for a few seconds, the user is read from identity instead of the event-fed snapshot, so the
   * change shows on the very next get-session even before identity's event arrives.
   */
  @IsOptional()
  @IsBoolean()
  userMayChange?: boolean;
}

/** Ends the session with this token; with `userId`, only if it is one of that user's sessions. */
export class RevokeSessionRequest extends TracedRequest {
  @IsString()
  @MaxLength(128)
  token!: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  userId?: string;
}

export class ListUserSessionsRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;
}

/** Ends every live session of a user, except the one with `exceptToken`, or those created since `createdBefore`. */
export class RevokeUserSessionsRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsOptional()
  @IsISO8601()
  createdBefore?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  exceptToken?: string;
}

/**
 * Identity just changed this user in a request without their session (a verification or email-change link
 * followed in another browser): their cached views are dropped and, for a few seconds, read from identity.
 */
export class RefreshUserRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;
}
