import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { useRefreshOrganizations } from './organization-queries';

/** A team's new name (owners and admins). */
export function RenameTeamForm({ team }: { team: { id: string; name: string } }) {
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
