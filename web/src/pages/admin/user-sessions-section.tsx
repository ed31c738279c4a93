import { useMutation, useQuery } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import { Loading } from '../../components/page';
import { describeUserAgent } from '../../lib/user-agent';
import { ADMIN, useRefreshAdmin } from './admin-queries';
import { dateTime } from './user-display';

/** The user's live sessions (impersonations included, marked), each revocable, or all at once. */
export function UserSessionsSection({ userId, userName }: { userId: string; userName: string }) {
  const refresh = useRefreshAdmin();
  const sessions = useQuery({
    queryKey: [...ADMIN, 'sessions', userId],
    queryFn: () => unwrap(authClient.admin.listUserSessions({ userId })).then((answer) => answer.sessions),
  });
  const revokeOne = useMutation({
    mutationFn: (sessionToken: string) => unwrap(authClient.admin.revokeUserSession({ sessionToken })),
    onSettled: refresh,
  });
  const revokeAll = useMutation({
    mutationFn: () => unwrap(authClient.admin.revokeUserSessions({ userId })),
    onSettled: refresh,
  });
  const list = sessions.data ?? [];
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <FormError message={sessions.error?.message ?? revokeOne.error?.message ?? revokeAll.error?.message} />
      {sessions.isPending && <Loading what="the sessions" />}
      {list.length > 0 && (
        <ul className="cards" aria-label={`Sessions of ${userName}`}>
          {list.map((session) => {
            const device = describeUserAgent(session.userAgent);
            return (
              <li key={session.id} className="card" aria-label={device}>
                <h3>
                  {device} {session.impersonatedBy && <span className="badge">Impersonation</span>}
                </h3>
                <dl>
                  <dt>IP address</dt>
                  <dd>{session.ipAddress || 'unknown'}</dd>
                  <dt>Signed in</dt>
                  <dd>{dateTime(session.createdAt)}</dd>
                  <dt>Expires</dt>
                  <dd>{dateTime(session.expiresAt)}</dd>
                </dl>
                <ConfirmButton
                  label="Revoke"
                  question={`Sign ${userName} out of ${device} (${session.ipAddress || 'unknown IP'})?`}
                  onConfirm={() => revokeOne.mutate(session.token)}
                  disabled={revokeOne.isPending}
                />
              </li>
            );
          })}
        </ul>
      )}
      {list.length > 0 ? (
        <ConfirmButton
          label="Revoke all sessions"
          question={`Sign ${userName} out of all ${list.length} session(s)?`}
          onConfirm={() => revokeAll.mutate()}
          disabled={revokeAll.isPending}
        />
      ) : (
        !sessions.isPending && <p className="empty">{userName} is not signed in anywhere.</p>
      )}
    </section>
  );
}
