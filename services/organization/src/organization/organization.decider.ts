import {
  MemberAdded,
  OrganizationCreated,
  OrganizationUpdated,
  TeamCreated,
  TeamMemberAdded,
  type OrganizationUpdatedData,
} from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { CREATOR_ROLE, hasPermission } from '../access/organization-roles.js';
import { closingEvents, type OrganizationContents } from '../kernel/organization-closing.js';
import type { CreationState, Membership, OrganizationFacts } from '../kernel/organization-facts.js';

export interface OrganizationRules {
  readonly creationEnabled: boolean;
  /** 0: none. */
  readonly organizationLimit: number;
  readonly deletionEnabled: boolean;
  /** A team named like the organization, with its creator in it, is made with the organization. */
  readonly defaultTeam: boolean;
}

export interface CreateOrganization {
  readonly organizationId: string;
  readonly memberId: string;
  /** Ids of the default team and of its creator's team membership. */
  readonly teamId: string;
  readonly teamMemberId: string;
  readonly userId: string;
  /** A server call creating for a user, which the creation switch does not bind. */
  readonly bySystem: boolean;
  readonly name: string;
  readonly slug: string;
  readonly logo: string | null;
  readonly metadata: string | null;
  readonly now: Date;
}

export function decideCreateOrganization(
  command: CreateOrganization,
  state: CreationState,
  rules: OrganizationRules,
): PendingEvent[] {
  if (!rules.creationEnabled && !command.bySystem) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION);
  }
  if (rules.organizationLimit > 0 && state.creatorMemberships >= rules.organizationLimit) {
    throw new DomainError(OrganizationErrors.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS);
  }
  if (state.slugTaken) throw new DomainError(OrganizationErrors.ORGANIZATION_ALREADY_EXISTS);
  const { organizationId, userId } = command;
  const createdAt = command.now.toISOString();
  const events = [
    pendingEvent(OrganizationCreated, {
      organizationId,
      name: command.name,
      slug: command.slug,
      logo: command.logo,
      metadata: command.metadata,
      creatorUserId: userId,
      createdAt,
    }),
    pendingEvent(MemberAdded, {
      organizationId,
      memberId: command.memberId,
      userId,
      role: CREATOR_ROLE,
      origin: 'creation',
      invitationId: null,
      createdAt,
    }),
  ];
  if (!rules.defaultTeam) return events;
  const { teamId, teamMemberId } = command;
  return [
    ...events,
    pendingEvent(TeamCreated, { organizationId, teamId, name: command.name, createdAt }),
    pendingEvent(TeamMemberAdded, { organizationId, teamId, teamMemberId, userId, createdAt }),
  ];
}

export interface UpdateOrganization {
  readonly changes: Partial<Pick<OrganizationFacts, 'name' | 'slug' | 'logo' | 'metadata'>>;
  readonly now: Date;
}

export interface ChangeState {
  readonly organization: OrganizationFacts | null;
  readonly caller: Membership | null;
  /** Whether another organization holds the slug asked for. */
  readonly slugTaken: boolean;
}

/** The changed fields only; an update that changes nothing records nothing. */
export function decideUpdateOrganization(command: UpdateOrganization, state: ChangeState): PendingEvent[] {
  const organization = requireMembership(state, { status: 400 });
  if (!hasPermission(state.caller!.role, { organization: ['update'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
  }
  const changed: Partial<OrganizationUpdatedData> = {};
  for (const field of ['name', 'slug', 'logo', 'metadata'] as const) {
    const value = command.changes[field];
    if (value !== undefined && value !== organization[field]) Object.assign(changed, { [field]: value });
  }
  if (changed.slug !== undefined && state.slugTaken) {
    throw new DomainError(OrganizationErrors.ORGANIZATION_SLUG_ALREADY_TAKEN);
  }
  if (Object.keys(changed).length === 0) return [];
  return [
    pendingEvent(OrganizationUpdated, {
      ...changed,
      organizationId: organization.id,
      updatedAt: command.now.toISOString(),
    }),
  ];
}

export type DeletionState = Omit<ChangeState, 'slugTaken'> & OrganizationContents;

export function decideDeleteOrganization(
  command: { readonly now: Date },
  state: DeletionState,
  rules: Pick<OrganizationRules, 'deletionEnabled'>,
): PendingEvent[] {
  if (!rules.deletionEnabled) throw new DomainError(OrganizationErrors.ORGANIZATION_DELETION_DISABLED);
  const organization = requireMembership(state, { status: 400 });
  if (!hasPermission(state.caller!.role, { organization: ['delete'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION);
  }
  return closingEvents(organization, state, command.now, 'organization-deleted');
}

/**
 * The organization, when the caller is a member of it. An organization that does not exist and one the caller
 * is not in get the same answer, so that ids of other tenants' organizations cannot be probed.
 */
export function requireMembership(
  state: Pick<ChangeState, 'organization' | 'caller'>,
  options: { readonly status?: number } = {},
): OrganizationFacts {
  if (!state.organization || !state.caller) {
    throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, options);
  }
  return state.organization;
}
