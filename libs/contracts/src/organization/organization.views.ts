import type { InvitationView } from './invitation.views.js';
import type { MemberView, MemberWithUserView } from './member.views.js';
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

/** What the organization service answers a create with: the wire answer, and the default team to make active. */
export interface OrganizationCreation {
  readonly organization: CreatedOrganizationView;
  /** The team made with the organization (its creator in it), null without teams. */
  readonly defaultTeamId: string | null;
}

/** What create answers: the organization with its metadata as an object, and the creator's membership. */
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
