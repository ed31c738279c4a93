import type { StartedSession, TwoFactorEnabledReply, TwoFactorSetupRequest, UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError, TwoFactorErrors } from '@authsvc/errors';
import { randomString, type ForwardedRequest } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { CredentialCheck } from '../user/credential/credential-check.js';
import { startSessionFor } from '../user/session-start.js';
import { UserEntity } from '../user/user.entity.js';
import { registered } from '../user/user-state.js';
import { UserStream } from '../user/user-stream.js';
import { toUserView } from '../user/user-view.mapper.js';
import { hashCode, newBackupCodes } from './one-time-codes.js';
import { otpauthUri } from './otpauth-uri.js';
import { SecondFactorGuard } from './second-factor-guard.js';
import { TrustedDevices } from './trusted-devices.js';

/** A TOTP secret: 32 random letters and digits, used as their UTF-8 bytes, as 1.7 makes them. */
const SECRET_LENGTH = 32;

/**
 * A signed-in user's own two-factor settings, each authorised by their password: enable (a TOTP secret to verify,
 * or mailed codes on at once), the secret's URI again, new backup codes, disable.
 */
@Injectable()
export class TwoFactorSetup {
  constructor(
    private readonly credentials: CredentialCheck,
    private readonly users: UserStream,
    private readonly dataSource: DataSource,
    private readonly devices: TrustedDevices,
    private readonly guard: SecondFactorGuard,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async enable(request: TwoFactorSetupRequest): Promise<TwoFactorEnabledReply | ForwardedRequest<StartedSession>> {
    await this.assertPassword(request);
    const now = new Date();
    const context = { correlationId: request.correlationId, actorId: request.userId, now };
    if (request.method === 'otp') {
      await this.users.execute(request.userId, { type: 'EnableTwoFactor', method: 'otp', now }, context);
      return startSessionFor(await this.view(request.userId), request, {
        userChanged: true,
        endOtherSessions: request.revokeOtherSessions === true,
      });
    }
    const secret = randomString(SECRET_LENGTH);
    const backupCodes = newBackupCodes();
    const backupCodeHashes = backupCodes.map(hashCode);
    await this.users.execute(request.userId, { type: 'IssueTotpSecret', secret, backupCodeHashes, now }, context);
    await this.guard.forgetSteps(request.userId);
    const user = await this.view(request.userId);
    return { method: 'totp', totpURI: this.uri(secret, user, request.issuer), backupCodes };
  }

  /** The URI of the current secret, verified or not; 400 TOTP_NOT_ENABLED without one. */
  async totpUri(request: TwoFactorSetupRequest): Promise<{ totpURI: string }> {
    await this.assertPassword(request);
    const { secret } = registered(await this.users.state(request.userId)).twoFactor;
    if (secret === null) throw new DomainError(TwoFactorErrors.TOTP_NOT_ENABLED);
    return { totpURI: this.uri(secret, await this.view(request.userId), request.issuer) };
  }

  async regenerateBackupCodes(request: TwoFactorSetupRequest): Promise<{ status: true; backupCodes: string[] }> {
    await this.assertPassword(request);
    const now = new Date();
    const backupCodes = newBackupCodes();
    await this.users.execute(
      request.userId,
      { type: 'RegenerateBackupCodes', backupCodeHashes: backupCodes.map(hashCode), now },
      { correlationId: request.correlationId, actorId: request.userId, now },
    );
    return { status: true, backupCodes };
  }

  /**
   * Off, and (stricter than 1.7, which forgets only the calling device) every trusted device of the user
   * untrusted; a new session replaces the caller's, started for the user as they now are.
   */
  async disable(request: TwoFactorSetupRequest): Promise<ForwardedRequest<StartedSession>> {
    await this.assertPassword(request);
    const now = new Date();
    const context = { correlationId: request.correlationId, actorId: request.userId, now };
    await this.users.execute(request.userId, { type: 'DisableTwoFactor', by: 'user', now }, context);
    await this.devices.untrustAll(request.userId);
    return startSessionFor(await this.view(request.userId), request, {
      userChanged: true,
      endOtherSessions: request.revokeOtherSessions === true,
    });
  }

  /** A user without a password cannot prove one: INVALID_PASSWORD, as 1.7 answers them. */
  private async assertPassword(request: TwoFactorSetupRequest): Promise<void> {
    try {
      await this.credentials.assertPassword(request.userId, request.password, request);
    } catch (error) {
      if (error instanceof DomainError && error.code === AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND.code) {
        throw new DomainError(AuthErrors.INVALID_PASSWORD);
      }
      throw error;
    }
  }

  private uri(secret: string, user: UserView, issuer: string | undefined): string {
    return otpauthUri(secret, issuer || this.config.TWO_FACTOR_ISSUER, user.email);
  }

  private async view(userId: string): Promise<UserView> {
    return toUserView(await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId }));
  }
}
