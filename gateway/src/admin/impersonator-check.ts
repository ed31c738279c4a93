import { IdentityRpc, isBanned } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminAccess } from './admin-access.js';

const IMPERSONATE = { user: ['impersonate'] };

/**
 * Whether the admin of an impersonation may still impersonate, asked on each impersonated request: their role and
 * ban as identity holds them now, and this gateway's grants. An admin who was banned, demoted or removed stops
 * acting as anyone on their next request, on every replica, whatever became of the impersonation session itself.
 */
@Injectable()
export class ImpersonatorCheck {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  async holdsRight(adminId: string, correlationId: string): Promise<boolean> {
    const admin = await this.services.call(IdentityRpc.getUser, { userId: adminId, correlationId });
    return admin !== null && !isBanned(admin, new Date()) && this.access.allows(admin, IMPERSONATE);
  }
}
