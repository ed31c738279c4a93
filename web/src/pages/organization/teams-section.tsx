import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { useRefreshOrganizations } from './organization-queries';

interface TeamRow {
  id: string;
  name: string;
}

function RenameTeamForm({ team }: { team: TeamRow }) {
  const refresh = useRefreshOrganizations();
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.organization.updateTeam({ teamId: team.id, data: { name: textOf(values, 'name') } })),
    onSuccess: refresh,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Rename ${team.name}`} className="row">
      <Field
        label={`Name of team ${team.name}`}
        name="name"
        required
        defaultValue={team.name}
        error={form.fieldError('name')}
      />
      <SubmitButton pending={form.pending}>Rename</SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}

/** The organization's teams: create, rename, remove (owners and admins). */
export function TeamsSection({ organizationId, teams }: { organizationId: string; teams: readonly TeamRow[] }) {
  const refresh = useRefreshOrganizations();
  const create = useForm({
    submit: (values) => unwrap(authClient.organization.createTeam({ name: textOf(values, 'name'), organizationId })),
    onSuccess: refresh,
    resetOnSuccess: true,
  });
  const remove = useMutation({
    mutationFn: (teamId: string) => unwrap(authClient.organization.removeTeam({ teamId, organizationId })),
    onSettled: refresh,
  });
  return (
    <section aria-labelledby="teams-heading">
      <h2 id="teams-heading">Teams</h2>
      <FormError message={remove.error?.message} />
      <ul className="cards" aria-label="Teams">
        {teams.map((team) => (
          <li key={team.id} className="card" aria-label={team.name}>
            <RenameTeamForm team={team} />
            <ConfirmButton
              label="Remove team"
              question={`Remove the team ${team.name}? Its members stay in the organization.`}
              onConfirm={() => remove.mutate(team.id)}
            />
          </li>
        ))}
      </ul>
      <form onSubmit={create.onSubmit} noValidate aria-label="Create a team" className="row">
        <Field label="New team name" name="name" required error={create.fieldError('name')} />
        <SubmitButton pending={create.pending}>Create team</SubmitButton>
        <FormError message={create.formError} />
      </form>
    </section>
  );
}
