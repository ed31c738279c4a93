import type { AdminTwoFactorRequest, TwoFactorFactors, UserView } from '@authsvc/contracts';
import { AdminErrors, AuthErrors, DomainError } from '@authsvc/errors';
import type { ForwardedRequest } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminRights } from '../user/admin-rights.js';
import { sessionsFollow } from '../user/sessions-follow.js';
import { UserEntity } from '../user/user.entity.js';
import { registered } from '../user/user-state.js';
import { UserStream } from '../user/user-stream.js';
import { toUserView } from '../user/user-view.mapper.js';
import { SecondFactorGuard } from './second-factor-guard.js';
import { TrustedDevices } from './trusted-devices.js';

/** An admin's look at a user's second factors, and their reset (a user who lost their authenticator). */
@Injectable()
export class TwoFactorAdmin {
  constructor(
    private readonly users: UserStream,
    private readonly dataSource: DataSource,
    private readonly devices: TrustedDevices,
    private readonly guard: SecondFactorGuard,
    private readonly rights: AdminRights,
  ) {}

  async factors({ userId, actorId }: AdminTwoFactorRequest): Promise<TwoFactorFactors> {
    await this.rights.require(actorId, { user: ['get'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
    const { twoFactor } = registered(await this.users.state(userId));
    const backupCodesLeft = twoFactor.backupCodeHashes.filter((hash) => hash !== null).length;
    const methods: TwoFactorFactors['methods'] = [];
    if (twoFactor.enabled) {
      if (twoFactor.secret !== null && twoFactor.secretVerified) methods.push('totp');
      methods.push('otp');
      if (backupCodesLeft > 0) methods.push('backup-code');
    }
    return { twoFactorEnabled: twoFactor.enabled, methods, backupCodesLeft };
  }

  /** Two-factor off (the admin is the event's actor), devices untrusted, the lock lifted; sessions show the change. */
  async reset(request: AdminTwoFactorRequest): Promise<ForwardedRequest<UserView>> {
    const { userId, correlationId, actorId } = request;
    await this.rights.require(actorId, { user: ['update'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS);
    const now = new Date();
    await this.users.execute(userId, { type: 'DisableTwoFactor', by: 'admin', now }, { correlationId, actorId, now });
    await this.devices.untrustAll(userId);
    await this.guard.clear(userId);
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (user === null) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    return sessionsFollow(toUserView(user), request);
  }
}
