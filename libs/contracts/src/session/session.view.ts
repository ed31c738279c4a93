/** The session object of get-session and list-sessions (dates as ISO strings). */
export interface SessionView {
  readonly id: string;
  readonly token: string;
  readonly userId: string;
  readonly expiresAt: string;
  readonly ipAddress: string;
  readonly userAgent: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly activeOrganizationId: string | null;
  /** A team of the active organization, or null. */
  readonly activeTeamId: string | null;
  /** Admin plugin: the admin whose impersonation of the user this session is; null for the user's own. */
  readonly impersonatedBy: string | null;
}
