import { loadedFromRows, randomString } from '@authsvc/platform';
import type { AddMemberRequest, MemberView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationErrors } from '@authsvc/errors';
import { UserSnapshots } from '@authsvc/identity-users';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rolesOf } from '../../access/organization-roles.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { toMemberView } from '../../kernel/views/organization-view.mapper.js';
import { MemberEntity, MEMBERS_ORGANIZATION_USER_UNIQUE } from '../../kernel/read-models/member.entity.js';
import { decideAddMember, type AdditionState } from '../member.decider.js';
import { MemberReads } from '../../kernel/reads/member-reads.js';

export class AddMemberCommand extends Command<MemberView> {
  constructor(readonly request: AddMemberRequest) {
    super();
  }
}

@CommandHandler(AddMemberCommand)
export class AddMemberHandler implements ICommandHandler<AddMemberCommand, MemberView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly members: MemberReads,
    private readonly users: UserSnapshots,
    private readonly dataSource: DataSource,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: AddMemberCommand): Promise<MemberView> {
    const { organizationId, userId, correlationId } = request;
    const now = new Date();
    const command = { organizationId, memberId: randomString(), userId, roles: rolesOf(request.role), now };
    await this.organizations.execute<AdditionState>(organizationId, {
      state: loadedFromRows(async () => {
        const [organization, user, membership, memberCount] = await Promise.all([
          this.reads.organization(organizationId),
          // Asks identity when the copy has no such user yet (added before their registration event arrived).
          this.users.view(userId, correlationId),
          this.reads.membership(organizationId, userId),
          this.members.count(organizationId),
        ]);
        return {
          organizationExists: organization !== null,
          userExists: user !== null,
          alreadyMember: membership !== null,
          memberCount,
        };
      }),
      decide: (state) => decideAddMember(command, state, { membershipLimit: this.config.MEMBERSHIP_LIMIT }),
      context: { correlationId, actorId: request.actorId ?? null, now },
      uniqueViolations: {
        [MEMBERS_ORGANIZATION_USER_UNIQUE]: OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
      },
    });
    // By organization and user, not the id made above: a repeated command answers with its first attempt's member.
    return toMemberView(await this.dataSource.getRepository(MemberEntity).findOneByOrFail({ organizationId, userId }));
  }
}
