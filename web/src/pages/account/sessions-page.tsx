import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { describeUserAgent } from '../../lib/user-agent';

const SESSIONS = ['sessions'];

const dateTime = (iso: string | Date) => new Date(iso).toLocaleString();

export function SessionsPage() {
  const queryClient = useQueryClient();
  const { data: current } = authClient.useSession();
  const sessions = useQuery({ queryKey: SESSIONS, queryFn: () => unwrap(authClient.listSessions()) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS });
  const revokeOne = useMutation({
    mutationFn: (token: string) => unwrap(authClient.revokeSession({ token })),
    onSettled: refresh,
  });
  const revokeOthers = useMutation({ mutationFn: () => unwrap(authClient.revokeOtherSessions()), onSettled: refresh });

  if (sessions.isPending) {
    return (
      <Page title="Active sessions">
        <Loading what="your sessions" />
      </Page>
    );
  }
  const others = (sessions.data ?? []).filter((session) => session.token !== current?.session.token);
  return (
    <Page title="Active sessions">
      <p>Where your account is signed in now. Revoke a session you do not recognise; it is signed out at once.</p>
      <FormError message={sessions.error?.message ?? revokeOne.error?.message ?? revokeOthers.error?.message} />
      <ul className="cards" aria-label="Sessions">
        {(sessions.data ?? []).map((session) => {
          const isCurrent = session.token === current?.session.token;
          const device = describeUserAgent(session.userAgent);
          return (
            <li key={session.id} className="card" aria-label={isCurrent ? `${device} (this device)` : device}>
              <h2>
                {device} {isCurrent && <span className="badge">This device</span>}
              </h2>
              <dl>
                <dt>IP address</dt>
                <dd>{session.ipAddress || 'unknown'}</dd>
                <dt>Signed in</dt>
                <dd>{dateTime(session.createdAt)}</dd>
              </dl>
              {!isCurrent && (
                <ConfirmButton
                  label="Revoke"
                  question={`Sign out ${device} (${session.ipAddress || 'unknown IP'})?`}
                  onConfirm={() => revokeOne.mutate(session.token)}
                  disabled={revokeOne.isPending}
                />
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <ConfirmButton
          label="Sign out all other sessions"
          question={`Sign out the ${others.length} other session(s)? This device stays signed in.`}
          onConfirm={() => revokeOthers.mutate()}
          disabled={revokeOthers.isPending}
        />
      ) : (
        <p className="empty">No other device is signed in.</p>
      )}
    </Page>
  );
}
