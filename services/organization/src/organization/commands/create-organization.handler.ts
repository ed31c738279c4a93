import { loadedFromRows, projectedRow, randomString } from '@authsvc/platform';
import type { CreateOrganizationRequest, OrganizationCreation } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationErrors } from '@authsvc/errors';
import { UserSnapshots } from '@authsvc/identity-users';
import { Inject } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { decideCreateOrganization } from '../organization.decider.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { ORGANIZATIONS_SLUG_UNIQUE } from '../../kernel/read-models/organization.entity.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { organizationRules } from '../organization-rules.js';
import { toMemberView, toOrganizationView, withParsedMetadata } from '../../kernel/views/organization-view.mapper.js';
import { memberViewProjection } from '../../kernel/read-models/member-view.projection.js';
import { organizationViewProjection } from '../../kernel/read-models/organization-view.projection.js';
import { teamViewProjection } from '../../kernel/read-models/team-view.projection.js';
import type { CreationState } from '../../kernel/organization-facts.js';

export class CreateOrganizationCommand extends Command<OrganizationCreation> {
  constructor(readonly request: CreateOrganizationRequest) {
    super();
  }
}

@CommandHandler(CreateOrganizationCommand)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganizationCommand, OrganizationCreation> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
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
    const rules = organizationRules(this.config);
    const recorded = await this.organizations.execute<CreationState>(organizationId, {
      // The organization's id was made above: its stream starts here, at version 0, without reading it.
      state: loadedFromRows(() => this.reads.creationState(request.userId, request.slug, rules.organizationLimit), {
        startsStream: true,
      }),
      decide: (state) => decideCreateOrganization(command, state, rules),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
      uniqueViolations: { [ORGANIZATIONS_SLUG_UNIQUE]: OrganizationErrors.ORGANIZATION_ALREADY_EXISTS },
    });
    // The new stream's rows as the append wrote them, without reading them back.
    const organization = projectedRow(organizationViewProjection, recorded)!;
    const member = projectedRow(memberViewProjection, recorded)!;
    return {
      organization: { ...withParsedMetadata(toOrganizationView(organization)), members: [toMemberView(member)] },
      // From the events, not the id made above: a repeated command answers with the team its first attempt made.
      defaultTeamId: projectedRow(teamViewProjection, recorded)?.id ?? null,
    };
  }
}
