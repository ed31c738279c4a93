import {
  hasAdminPermission,
  isAdmin,
  type AdminGrants,
  type AdminPermissions,
  type UserView,
} from '@authsvc/contracts';
import { DomainError, type ErrorDefinition } from '@authsvc/errors';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import type { SignedInCaller } from '../http/caller.js';

/**
 * The admin rights of a caller, decided from the user their session read already carries (its role, id and
 * email), so checking costs no round trip; ADMIN_USER_IDS and ADMIN_EMAILS grant everything.
 */
@Injectable()
export class AdminAccess {
  private readonly grants: AdminGrants;
  private readonly actingAsAdminsAllowed: boolean;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.grants = { adminUserIds: config.ADMIN_USER_IDS, adminEmails: config.ADMIN_EMAILS };
    this.actingAsAdminsAllowed = config.ALLOW_IMPERSONATING_ADMINS;
  }

  allows(user: UserView, permissions: AdminPermissions): boolean {
    return hasAdminPermission(user, permissions, this.grants);
  }

  /** Refuses the caller with `refusal` (the endpoint's 403) unless they may do every action asked. */
  require(caller: SignedInCaller, permissions: AdminPermissions, refusal: ErrorDefinition): void {
    if (!this.allows(caller.user, permissions)) throw new DomainError(refusal);
  }

  /**
   * Refuses with `refusal` when `target` is an admin, unless ALLOW_IMPERSONATING_ADMINS lets admins act as other
   * admins: impersonating one, or setting their password and signing in with it, lends the caller their rights.
   */
  refuseAdminTarget(target: UserView, refusal: ErrorDefinition): void {
    if (this.isAdmin(target) && !this.actingAsAdminsAllowed) throw new DomainError(refusal);
  }

  /** Whether the user counts as an admin (an admin role, or a configured grant). */
  isAdmin(user: UserView): boolean {
    return isAdmin(user, this.grants);
  }
}
