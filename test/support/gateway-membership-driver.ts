import { randomUUID } from 'node:crypto';
import { MemberRpc } from '@authsvc/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { signUpActor, uniqueSlug, type Actor } from '../../gateway/test/support/actor.js';
import type { JsonResponse } from '../../gateway/test/support/http.js';
import type { TestStack } from '../../gateway/test/support/test-stack.js';
import { usersOf, type MembershipAction, type MembershipDriver } from './membership-scenario.js';

interface PlayedOrganization {
  readonly id: string;
  /** Who acts for the organization: its creator, the owner. */
  readonly owner: Actor;
  /** Member id by user label, as the service answered it. */
  readonly memberIds: Map<string, string>;
}

interface Member {
  readonly id: string;
}

/** What the organization service answers a Nest NATS request: the reply, or the catalogue error. */
interface NatsAnswer<T> {
  readonly response?: T;
  readonly err?: { readonly code: string; readonly message: string };
}

/**
 * Plays a membership scenario against a running stack as its users and their back end would: through the
 * gateway's organization endpoints as the organization's owner (the invitee accepting for itself), and `add` as
 * server code, with the back end's NATS request `organization.rpc.member.add`. Each label is a user signed up
 * for this driver, and each organization gets a slug of its own, so that several runs share a stack.
 */
export class GatewayMembershipDriver implements MembershipDriver {
  private readonly organizations = new Map<string, PlayedOrganization>();

  private constructor(
    private readonly users: ReadonlyMap<string, Actor>,
    private readonly backEnd: NatsConnection,
  ) {}

  /** Signs up the users `actions` name; `backEnd` is a connection with the NATS user `backend`'s credential. */
  static async signUp(
    stack: TestStack,
    backEnd: NatsConnection,
    actions: readonly MembershipAction[],
  ): Promise<GatewayMembershipDriver> {
    const labels = usersOf(actions);
    const actors = await Promise.all(labels.map((label) => signUpActor(stack, label)));
    return new GatewayMembershipDriver(new Map(labels.map((label, index) => [label, actors[index]])), backEnd);
  }

  organizationId(organization: string): string {
    return this.played(organization).id;
  }

  userId(user: string): string {
    return this.actor(user).id;
  }

  /** The user who created `organization`, its owner: who plays the scenario's actions on it. */
  ownerOf(organization: string): Actor {
    return this.played(organization).owner;
  }

  async play(action: MembershipAction): Promise<void> {
    if (action.act === 'create') return this.create(action.organization, action.owner);
    const { id: organizationId, owner, memberIds } = this.played(action.organization);
    switch (action.act) {
      case 'add': {
        const added = await this.addMember({ organizationId, userId: this.userId(action.user), role: action.role });
        memberIds.set(action.user, added.id);
        return;
      }
      case 'invite-and-accept': {
        const invitee = this.actor(action.user);
        const invitation = await succeeded(
          owner.post<{ id: string }>('/organization/invite-member', {
            email: invitee.email,
            role: action.role,
            organizationId,
          }),
        );
        const accepted = await succeeded(
          invitee.post<{ member: Member }>('/organization/accept-invitation', { invitationId: invitation.id }),
        );
        memberIds.set(action.user, accepted.member.id);
        return;
      }
      case 'change-role': {
        const memberId = memberIds.get(action.user);
        await succeeded(
          owner.post('/organization/update-member-role', { memberId, role: action.role, organizationId }),
        );
        return;
      }
      case 'remove': {
        const memberIdOrEmail = memberIds.get(action.user);
        await succeeded(owner.post('/organization/remove-member', { memberIdOrEmail, organizationId }));
        memberIds.delete(action.user);
        return;
      }
      case 'create-team':
        await succeeded(owner.post('/organization/create-team', { name: action.team, organizationId }));
        return;
    }
  }

  private async create(organization: string, ownerLabel: string): Promise<void> {
    const owner = this.actor(ownerLabel);
    const created = await succeeded(
      owner.post<{ id: string; members: (Member & { userId: string })[] }>('/organization/create', {
        name: organization,
        slug: uniqueSlug(organization),
      }),
    );
    const creator = created.members.find(({ userId }) => userId === owner.id)!;
    this.organizations.set(organization, { id: created.id, owner, memberIds: new Map([[ownerLabel, creator.id]]) });
  }

  /** The back end's request, as Nest's NATS client sends it. */
  private async addMember(data: { organizationId: string; userId: string; role: string }): Promise<Member> {
    const packet = { pattern: MemberRpc.add.subject, data: { correlationId: `scenario-${randomUUID()}`, ...data } };
    const reply = await this.backEnd.request(MemberRpc.add.subject, JSON.stringify({ ...packet, id: randomUUID() }), {
      timeout: 10_000,
    });
    const answer = reply.json<NatsAnswer<Member>>();
    if (!answer.response) throw new Error(`${MemberRpc.add.subject} refused: ${JSON.stringify(answer.err)}`);
    return answer.response;
  }

  private played(organization: string): PlayedOrganization {
    const played = this.organizations.get(organization);
    if (!played) throw new Error(`the scenario acts on ${organization} before creating it`);
    return played;
  }

  private actor(user: string): Actor {
    const actor = this.users.get(user);
    if (!actor) throw new Error(`no user ${user} was signed up`);
    return actor;
  }
}

/** The body of a 200 answer; anything else stops the scenario with what the gateway said. */
async function succeeded<T>(answer: Promise<JsonResponse<T>>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`the gateway answered ${status}: ${JSON.stringify(body)}`);
  return body;
}
