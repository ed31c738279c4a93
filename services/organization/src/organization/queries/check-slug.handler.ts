import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { CheckSlugQuery } from './check-slug.query.js';

@QueryHandler(CheckSlugQuery)
export class CheckSlugHandler implements IQueryHandler<CheckSlugQuery, { status: true }> {
  constructor(private readonly reads: OrganizationReads) {}

  async execute({ slug }: CheckSlugQuery): Promise<{ status: true }> {
    if (await this.reads.organizationBySlug(slug))
      throw new DomainError(OrganizationErrors.ORGANIZATION_SLUG_ALREADY_TAKEN);
    return { status: true };
  }
}
