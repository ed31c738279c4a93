import { hasAdminPermission, isBanned, type AdminGrants, type AdminPermissions } from '@authsvc/contracts';
import { DomainError, type ErrorDefinition } from '@authsvc/errors';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { UserEntity } from './user.entity.js';
import { toUserView } from './user-view.mapper.js';

/**
 * The rights of an admin request's actor, checked again by identity from its own users (their role and ban as
 * they stand now) and the configured grants: the gateway decides first, but whoever holds the gateway's NATS
 * credential must not act as an admin by naming any `actorId`. A refusal is the endpoint's own 403.
 */
@Injectable()
export class AdminRights {
  private readonly grants: AdminGrants;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    const adminEmails = config.ADMIN_EMAILS.map((email) => email.toLowerCase());
    this.grants = { adminUserIds: config.ADMIN_USER_IDS, adminEmails };
  }

  async require(actorId: string | undefined, permissions: AdminPermissions, refusal: ErrorDefinition): Promise<void> {
    const now = new Date();
    const actor = actorId ? await this.dataSource.getRepository(UserEntity).findOneBy({ id: actorId }) : null;
    const view = actor && toUserView(actor, now);
    if (!view || isBanned(view, now) || !hasAdminPermission(view, permissions, this.grants)) {
      throw new DomainError(refusal);
    }
  }
}
