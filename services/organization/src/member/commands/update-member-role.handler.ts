import { loadedFromRows } from '@authsvc/platform';
import type { UpdateMemberRoleRequest, MemberView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { DataSource } from 'typeorm';
import { rolesOf } from '../../access/organization-roles.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { toMemberView } from '../../kernel/views/organization-view.mapper.js';
import { MemberEntity } from '../../kernel/read-models/member.entity.js';
import { decideUpdateMemberRole, type RoleChangeState } from '../member.decider.js';
import { MemberReads } from '../../kernel/reads/member-reads.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class UpdateMemberRoleCommand extends Command<MemberView> {
  constructor(readonly request: UpdateMemberRoleRequest) {
    super();
  }
}

@CommandHandler(UpdateMemberRoleCommand)
export class UpdateMemberRoleHandler implements ICommandHandler<UpdateMemberRoleCommand, MemberView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly members: MemberReads,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ request }: UpdateMemberRoleCommand): Promise<MemberView> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const command = { organizationId, roles: rolesOf(request.role), now: new Date() };
    await this.organizations.execute<RoleChangeState>(organizationId, {
      state: loadedFromRows(async () => {
        const [caller, target, owners] = await Promise.all([
          this.reads.membership(organizationId, request.userId),
          this.members.placed(request.memberId),
          this.members.owners(organizationId),
        ]);
        return { caller, target, owners };
      }),
      decide: (state) => decideUpdateMemberRole(command, state),
      context: { correlationId: request.correlationId, actorId: request.userId, now: command.now },
    });
    const member = await this.dataSource
      .getRepository(MemberEntity)
      .findOneBy({ id: request.memberId, organizationId });
    // Removed by someone else between the change and this read.
    if (!member) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
    return toMemberView(member);
  }
}
