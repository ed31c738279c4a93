import type { OrganizationCreation } from '@authsvc/contracts';
import { OrganizationErrors } from '@authsvc/errors';
import { randomString, UserSnapshots } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { decideCreateOrganization, type CreationState } from '../organization.decider.js';
import { OrganizationReads } from '../organization-reads.js';
import { ORGANIZATIONS_SLUG_UNIQUE } from '../organization.entity.js';
import { OrganizationStream } from '../organization-stream.js';
import { organizationRules } from '../organization-rules.js';
import { toMemberView, toOrganizationView, withParsedMetadata } from '../organization-view.mapper.js';
import { MemberEntity } from '../../member/member.entity.js';
import { CreateOrganizationCommand } from './create-organization.command.js';
import { DataSource } from 'typeorm';

@CommandHandler(CreateOrganizationCommand)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganizationCommand, OrganizationCreation> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly dataSource: DataSource,
    private readonly users: UserSnapshots,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: CreateOrganizationCommand): Promise<OrganizationCreation> {
    // Member reads carry the user from the service's copy: a creator who signed up a moment ago may not be in
    // it yet (their registration event still on its way), so identity is asked now.
    await this.users.view(request.userId, request.correlationId);
    const now = new Date();
    const organizationId = randomString();
    const command = {
      organizationId,
      memberId: randomString(),
      teamId: randomString(),
      teamMemberId: randomString(),
      userId: request.userId,
      bySystem: false,
      name: request.name,
      slug: request.slug,
      logo: request.logo ?? null,
      metadata: request.metadata === undefined ? null : JSON.stringify(request.metadata),
      now,
    };
    await this.organizations.execute<CreationState>(organizationId, {
      load: async () => ({
        creatorMemberships: await this.reads.membershipCount(request.userId),
        slugTaken: (await this.reads.organizationBySlug(request.slug)) !== null,
      }),
      decide: (state) => decideCreateOrganization(command, state, organizationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
      uniqueViolations: { [ORGANIZATIONS_SLUG_UNIQUE]: OrganizationErrors.ORGANIZATION_ALREADY_EXISTS },
    });
    const [organization, member] = await Promise.all([
      this.reads.organization(organizationId),
      this.dataSource.getRepository(MemberEntity).findOneByOrFail({ id: command.memberId }),
    ]);
    return {
      organization: { ...withParsedMetadata(toOrganizationView(organization!)), members: [toMemberView(member)] },
      defaultTeamId: organizationRules(this.config).defaultTeam ? command.teamId : null,
    };
  }
}
