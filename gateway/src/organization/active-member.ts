import {
  MemberRpc,
  type GetActiveMemberRoleQuery,
  type MemberRoleView,
  type MemberWithUserView,
} from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import type { SignedInCaller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { MemberReadModels } from '../session/member-read-models.js';
import { asOrganizationCaller } from './organization-caller.js';

/**
 * The caller's own membership, from the organization service's member read model: its fields come from there
 * and the user is the caller's own, as the session shows it. A miss (or a question the read model cannot
 * answer) asks the organization service, which also writes the entry for the next read.
 */
@Injectable()
export class ActiveMember {
  constructor(
    private readonly services: ServiceClient,
    private readonly readModels: MemberReadModels,
  ) {}

  async of(caller: SignedInCaller): Promise<MemberWithUserView> {
    const organizationId = caller.session.activeOrganizationId;
    const { user } = caller;
    const stored = organizationId === null ? undefined : await this.readModels.find(organizationId, user.id);
    if (!stored) return this.services.call(MemberRpc.getActive, asOrganizationCaller(caller));
    // The membership ended: what the organization service answers when it finds no row.
    if (!stored.member) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
    const { id, role, createdAt } = stored.member;
    return {
      id,
      organizationId: organizationId!,
      userId: user.id,
      role,
      createdAt,
      user: { id: user.id, name: user.name, email: user.email, image: user.image },
    };
  }

  /**
   * The caller's role in the organization named by id, else their active one. Another member's role, or an
   * organization named by slug, is the organization service's to answer.
   */
  async roleOf(caller: SignedInCaller, { userId, ...query }: GetActiveMemberRoleQuery): Promise<MemberRoleView> {
    const own = userId === undefined || userId === caller.user.id;
    // An empty id or slug names nothing, as in the organization service.
    const organizationId =
      own && !query.organizationSlug ? query.organizationId || caller.session.activeOrganizationId : null;
    const stored = organizationId ? await this.readModels.find(organizationId, caller.user.id) : undefined;
    if (!stored) {
      return this.services.call(MemberRpc.getActiveRole, {
        ...query,
        memberUserId: userId,
        ...asOrganizationCaller(caller),
      });
    }
    if (!stored.member) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    return { role: stored.member.role };
  }
}
