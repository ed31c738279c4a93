import { LIMITS, NonEmptyText } from '../messaging/fields.js';

/** POST /admin/revoke-user-session: any user's session, by its token. */
export class RevokeUserSessionBody {
  @NonEmptyText(LIMITS.sessionToken)
  sessionToken!: string;
}
