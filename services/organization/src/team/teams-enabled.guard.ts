import { DomainError, RequestErrors } from '@authsvc/errors';
import { Inject, Injectable, type CanActivate } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../organization.config.js';

/** With TEAMS_ENABLED=false the team endpoints do not exist: 404, as the reference answers routes it has not. */
@Injectable()
export class TeamsEnabledGuard implements CanActivate {
  constructor(@Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig) {}

  canActivate(): boolean {
    if (!this.config.TEAMS_ENABLED) throw new DomainError(RequestErrors.NOT_FOUND);
    return true;
  }
}
