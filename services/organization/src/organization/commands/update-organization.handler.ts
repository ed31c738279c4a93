import { loadedFromRows } from '@authsvc/platform';
import type { UpdateOrganizationRequest, CreatedOrganizationView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { decideUpdateOrganization, type ChangeState } from '../organization.decider.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { ORGANIZATIONS_SLUG_UNIQUE } from '../../kernel/read-models/organization.entity.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { toOrganizationView, withParsedMetadata } from '../../kernel/views/organization-view.mapper.js';

export class UpdateOrganizationCommand extends Command<Omit<CreatedOrganizationView, 'members'>> {
  constructor(readonly request: UpdateOrganizationRequest) {
    super();
  }
}

@CommandHandler(UpdateOrganizationCommand)
export class UpdateOrganizationHandler implements ICommandHandler<
  UpdateOrganizationCommand,
  Omit<CreatedOrganizationView, 'members'>
> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
  ) {}

  async execute({ request }: UpdateOrganizationCommand): Promise<Omit<CreatedOrganizationView, 'members'>> {
    const organizationId = request.organizationId ?? request.activeOrganizationId;
    if (!organizationId) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
    const { metadata, ...fields } = request.data;
    const changes = { ...fields, ...(metadata !== undefined && { metadata: JSON.stringify(metadata) }) };
    const now = new Date();
    await this.organizations.execute<ChangeState>(organizationId, {
      state: loadedFromRows(async () => {
        const holder = changes.slug === undefined ? null : await this.reads.organizationBySlug(changes.slug);
        return {
          ...(await this.reads.withCaller(organizationId, request.userId)),
          slugTaken: holder !== null && holder.id !== organizationId,
        };
      }),
      decide: (state) => decideUpdateOrganization({ changes, now }, state),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
      uniqueViolations: { [ORGANIZATIONS_SLUG_UNIQUE]: OrganizationErrors.ORGANIZATION_SLUG_ALREADY_TAKEN },
    });
    const organization = await this.reads.organization(organizationId);
    if (!organization) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
    return withParsedMetadata(toOrganizationView(organization));
  }
}
