import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Loading } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';
import type { MemberRow } from './members-section';
import { useRefreshOrganizations } from './organization-queries';
import { TeamCard, type TeamRow } from './team-card';
import { useMyTeamIds } from './team-queries';

interface TeamsSectionProps {
  organizationId: string;
  teams: readonly TeamRow[];
  members: readonly MemberRow[];
  myUserId: string;
  activeTeamId: string | null | undefined;
  /** Whether the caller may create, rename and remove teams and change who is in them (owners and admins). */
  canManage: boolean;
}

function CreateTeamForm({ organizationId }: { organizationId: string }) {
  const refresh = useRefreshOrganizations();
  const form = useForm({
    submit: (values) => unwrap(authClient.organization.createTeam({ name: textOf(values, 'name'), organizationId })),
    onSuccess: refresh,
    resetOnSuccess: true,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Create a team" className="row">
      <Field label="New team name" name="name" required error={form.fieldError('name')} />
      <SubmitButton pending={form.pending}>Create team</SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}

/** The organization's teams with their members; owners and admins manage them, others see their own. */
export function TeamsSection({ organizationId, teams, members, myUserId, activeTeamId, canManage }: TeamsSectionProps) {
  const myTeamIds = useMyTeamIds(organizationId);
  return (
    <section aria-labelledby="teams-heading">
      <h2 id="teams-heading">Teams</h2>
      {myTeamIds.isPending ? (
        <Loading what="your teams" />
      ) : myTeamIds.error ? (
        <FormError message={myTeamIds.error.message} />
      ) : teams.length ? (
        <ul className="cards" aria-label="Teams">
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              organizationId={organizationId}
              members={members}
              myUserId={myUserId}
              callerInTeam={myTeamIds.data.has(team.id)}
              isActive={team.id === activeTeamId}
              canManage={canManage}
            />
          ))}
        </ul>
      ) : (
        <p className="empty">This organization has no team yet.</p>
      )}
      {canManage && <CreateTeamForm organizationId={organizationId} />}
    </section>
  );
}
