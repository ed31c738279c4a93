import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';

export class CheckSlugQuery extends Query<{ status: true }> {
  constructor(readonly slug: string) {
    super();
  }
}

@QueryHandler(CheckSlugQuery)
export class CheckSlugHandler implements IQueryHandler<CheckSlugQuery, { status: true }> {
  constructor(private readonly reads: OrganizationReads) {}

  async execute({ slug }: CheckSlugQuery): Promise<{ status: true }> {
    if (await this.reads.organizationBySlug(slug))
      throw new DomainError(OrganizationErrors.ORGANIZATION_SLUG_ALREADY_TAKEN);
    return { status: true };
  }
}
