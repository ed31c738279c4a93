import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field, Select } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { ROLES } from './members-section';
import { useRefreshOrganizations } from './organization-queries';
import type { TeamRow } from './team-card';

/** The "Team" choice's value for an invitation into the organization only. */
const NO_TEAM = '';

const FIELD_OF_CODE = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'email',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'email',
  INVALID_EMAIL: 'email',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: 'role',
};

/** Invites someone by email with a role and, when the organization has teams, a team they join on accepting. */
export function InviteForm({ organizationId, teams }: { organizationId: string; teams: readonly TeamRow[] }) {
  const refresh = useRefreshOrganizations();
  const form = useForm({
    submit: (values) => {
      const teamId = textOf(values, 'teamId');
      return unwrap(
        authClient.organization.inviteMember({
          email: textOf(values, 'email'),
          role: textOf(values, 'role') as (typeof ROLES)[number],
          organizationId,
          ...(teamId !== NO_TEAM ? { teamId } : {}),
        }),
      );
    },
    fieldOfCode: FIELD_OF_CODE,
    onSuccess: refresh,
    resetOnSuccess: true,
  });
  const teamNames = Object.fromEntries([[NO_TEAM, 'No team'], ...teams.map((team) => [team.id, team.name])]);
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Invite a member">
      <Field label="Email to invite" name="email" type="email" required error={form.fieldError('email')} />
      <Select label="Role" name="role" options={ROLES} defaultValue="member" />
      {teams.length > 0 && (
        <Select
          label="Team"
          name="teamId"
          options={[NO_TEAM, ...teams.map((team) => team.id)]}
          labels={teamNames}
          defaultValue={NO_TEAM}
        />
      )}
      <FormError message={form.formError ?? form.fieldError('role')} />
      {form.succeeded && <Notice>The invitation has been sent.</Notice>}
      <SubmitButton pending={form.pending}>Send invitation</SubmitButton>
    </form>
  );
}
