import type { InvitationView } from './invitation.views.js';
import type { TeamView } from './team.views.js';

/** An organization as most endpoints answer it; `metadata` is its JSON text (create and update parse it). */
export interface OrganizationView {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly logo: string | null;
  readonly metadata: string | null;
  readonly createdAt: string;
}

/** A membership row (one role, or several comma-separated). */
export interface MemberView {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly role: string;
  readonly createdAt: string;
}

/** The public part of a member's user, from the organization service's copy of identity's users. */
export interface MemberUserView {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly image: string | null;
}

export interface MemberWithUserView extends MemberView {
  readonly user: MemberUserView;
}

/** What create answers: the organization with its metadata as an object, and the creator's membership. */
/** What the organization service answers a create with: the wire answer, and the default team to make active. */
export interface OrganizationCreation {
  readonly organization: CreatedOrganizationView;
  /** The team made with the organization (its creator in it), null without teams. */
  readonly defaultTeamId: string | null;
}

export interface CreatedOrganizationView extends Omit<OrganizationView, 'metadata'> {
  readonly metadata: Record<string, unknown> | undefined;
  readonly members: MemberView[];
}

/** get-full-organization: the organization with its members (with their users), invitations and teams. */
export interface FullOrganizationView extends OrganizationView {
  readonly members: MemberWithUserView[];
  /** Only for members who may invite; invitations granting ownership only for owners. */
  readonly invitations: InvitationView[];
  readonly teams: TeamView[];
}
