import { randomUUID } from 'node:crypto';
import {
  InvitationAccepted,
  InvitationCreated,
  MemberAdded,
  MemberRemoved,
  MemberRoleChanged,
  OrganizationCreated,
  TeamCreated,
  type MemberOrigin,
} from '@authsvc/contracts';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { MembershipAction, MembershipDriver } from './membership-scenario.js';
import { publishedEvent, type OrganizationEvent, type Payload } from './organization-event-samples.js';

interface OrganizationStream {
  readonly id: string;
  position: number;
  readonly members: Map<string, { readonly memberId: string; role: string }>;
}

/**
 * Plays a membership scenario as the organization service's outbox relay would publish it: the events each
 * action records, in the stream of its organization, each with `Nats-Msg-Id = eventId`. Like a relay that
 * crashed, it publishes some events twice: one copy within JetStream's duplicate window (dropped by its id), one
 * as if after the window (stored again, so the subscriber receives it twice).
 */
export class JetStreamMembershipDriver implements MembershipDriver {
  private readonly js: JetStreamClient;
  private readonly organizations = new Map<string, OrganizationStream>();
  private readonly run = randomUUID().slice(0, 8);
  private globalPosition = 0;
  /** How many copies JetStream stored again (their ids differ), on top of one message per event. */
  private storedTwice = 0;

  constructor(nc: NatsConnection) {
    this.js = jetstream(nc);
  }

  organizationId(organization: string): string {
    return `org_${organization}_${this.run}`;
  }

  userId(user: string): string {
    return `usr_${user}_${this.run}`;
  }

  async play(action: MembershipAction): Promise<void> {
    const organization = this.streamOf(action.organization);
    const now = new Date().toISOString();
    const organizationId = organization.id;
    switch (action.act) {
      case 'create': {
        const data = { organizationId, name: action.organization, slug: action.organization, logo: null };
        await this.record(organization, OrganizationCreated, {
          data: { ...data, metadata: null, creatorUserId: this.userId(action.owner), createdAt: now },
          personal: null,
        });
        return this.addMember(organization, action.owner, 'owner', 'creation', null);
      }
      case 'add':
        return this.addMember(organization, action.user, action.role, 'added', null);
      case 'invite-and-accept': {
        const invitation = { organizationId, invitationId: `inv_${randomUUID()}` };
        const inviterId = this.userId([...organization.members.keys()][0]);
        const expiresAt = new Date(Date.now() + 48 * 3600_000).toISOString();
        await this.record(organization, InvitationCreated, {
          data: {
            ...invitation,
            role: action.role,
            teamId: null,
            inviterId,
            organizationName: action.organization,
            expiresAt,
            createdAt: now,
          },
          personal: { email: `${action.user}@example.com`, inviterName: 'Owner', inviterEmail: 'owner@example.com' },
        });
        const memberId = `mem_${randomUUID()}`;
        const userId = this.userId(action.user);
        await this.record(organization, InvitationAccepted, {
          data: { ...invitation, userId, memberId, acceptedAt: now },
          personal: null,
        });
        return this.addMember(organization, action.user, action.role, 'invitation', invitation.invitationId, memberId);
      }
      case 'change-role': {
        const member = organization.members.get(action.user)!;
        await this.record(organization, MemberRoleChanged, {
          data: {
            ...this.memberData(organization, action.user),
            role: action.role,
            previousRole: member.role,
            changedAt: now,
          },
          personal: null,
        });
        member.role = action.role;
        return;
      }
      case 'remove':
        await this.record(organization, MemberRemoved, {
          data: { ...this.memberData(organization, action.user), reason: 'removed', removedAt: now },
          personal: null,
        });
        organization.members.delete(action.user);
        return;
      case 'create-team':
        return this.record(organization, TeamCreated, {
          data: { organizationId, teamId: `team_${randomUUID()}`, name: action.team, createdAt: now },
          personal: null,
        });
    }
  }

  private streamOf(organization: string): OrganizationStream {
    let stream = this.organizations.get(organization);
    if (!stream) {
      stream = { id: this.organizationId(organization), position: 0, members: new Map() };
      this.organizations.set(organization, stream);
    }
    return stream;
  }

  private memberData(organization: OrganizationStream, user: string) {
    const { memberId } = organization.members.get(user)!;
    return { organizationId: organization.id, memberId, userId: this.userId(user) };
  }

  private async addMember(
    organization: OrganizationStream,
    user: string,
    role: string,
    origin: MemberOrigin,
    invitationId: string | null,
    memberId = `mem_${randomUUID()}`,
  ): Promise<void> {
    organization.members.set(user, { memberId, role });
    await this.record(organization, MemberAdded, {
      data: { ...this.memberData(organization, user), role, origin, invitationId, createdAt: new Date().toISOString() },
      personal: null,
    });
  }

  private async record<E extends OrganizationEvent>(
    organization: OrganizationStream,
    definition: E,
    payload: Payload<E>,
  ): Promise<void> {
    organization.position += 1;
    this.globalPosition += 1;
    const eventId = randomUUID();
    const event = publishedEvent(definition, payload, {
      streamId: `organization-${organization.id}`,
      streamPosition: organization.position,
      globalPosition: this.globalPosition,
      eventId,
      actorId: this.userId('ada'),
      occurredAt: new Date().toISOString(),
    });
    const message = JSON.stringify(event);
    await this.js.publish(definition.subject, message, { msgID: eventId });
    if (this.globalPosition % 4 === 0) await this.js.publish(definition.subject, message, { msgID: eventId });
    if (this.globalPosition % 5 === 0) {
      await this.js.publish(definition.subject, message, { msgID: `${eventId}:late` });
      this.storedTwice += 1;
    }
  }

  /** How many messages the stream holds from this driver: each event once, and the late copies. */
  get storedMessages(): number {
    return this.globalPosition + this.storedTwice;
  }
}
