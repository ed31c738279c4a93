import { useId } from 'react';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import type { Person } from './organization-people';
import { useRefreshOrganizations } from './organization-queries';

interface AddTeamMemberFormProps {
  team: { id: string; name: string };
  organizationId: string;
  /** The organization's members who may be added (those known to be in the team left out). */
  candidates: readonly Person[];
}

/** Adds a member of the organization to a team (owners and admins). */
export function AddTeamMemberForm({ team, organizationId, candidates }: AddTeamMemberFormProps) {
  const selectId = useId();
  const refresh = useRefreshOrganizations();
  const form = useForm({
    submit: (values) =>
      unwrap(
        authClient.organization.addTeamMember({ teamId: team.id, userId: textOf(values, 'userId'), organizationId }),
      ),
    onSuccess: refresh,
  });
  if (!candidates.length) return <p className="hint">Every member of the organization is in this team.</p>;
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Add a member to ${team.name}`} className="row">
      <div className="field">
        <label htmlFor={selectId}>Member to add to {team.name}</label>
        <select id={selectId} name="userId" required>
          {candidates.map((person) => (
            <option key={person.userId} value={person.userId}>
              {person.email ? `${person.name} (${person.email})` : person.name}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton pending={form.pending}>Add to team</SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}
