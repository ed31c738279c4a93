import type {
  SecondFactorHolder,
  SecondFactorProven,
  StartedSession,
  UserView,
  VerifySecondFactorRequest,
} from '@authsvc/contracts';
import { DomainError, RequestErrors, TwoFactorErrors, type ErrorDefinition } from '@authsvc/errors';
import type { ForwardedRequest } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountThrottle } from '../security/account-throttle.js';
import { startSessionFor } from '../user/session-start.js';
import { UserEntity } from '../user/user.entity.js';
import { registered } from '../user/user-state.js';
import { UserStream } from '../user/user-stream.js';
import { toUserView } from '../user/user-view.mapper.js';
import { ChallengeStore } from './challenge-store.js';
import { MailedCodes, MAILED_CODE_TTL_MS } from './mailed-codes.js';
import { backupCodeIndex, newMailedCode } from './one-time-codes.js';
import { SecondFactorGuard } from './second-factor-guard.js';
import { acceptedStep } from './totp.js';
import type { TwoFactorState } from './two-factor-state.js';
import { TrustedDevices } from './trusted-devices.js';

/** Failed verifications one challenge survives (TOTP and backup codes); the next attempt ends it. */
export const CHALLENGE_ATTEMPTS = 5;

/** Whose second factor is proven: a sign-in's challenge (with its id) or a signed-in user. */
interface Holder {
  readonly userId: string;
  readonly challengeId: string | null;
  readonly rememberMe: boolean;
}

/** A check's verdict: proven, or the error to answer (a failure counted when `counts`). */
type Verdict =
  { readonly ok: true } | { readonly ok: false; readonly error: ErrorDefinition; readonly counts: boolean };

const refused = (error: ErrorDefinition, counts = true): Verdict => ({ ok: false, error, counts });

/**
 * Proving the second factor, by TOTP, mailed code or backup code, for a sign-in's challenge or a signed-in user.
 * Stricter than 1.7: every path (the session path too) counts failures per user, feeds the account throttle (whose
 * account-wide lock spares clients that proved the password lately) and locks the second step after ten; a TOTP
 * code is refused once its step was used; mailed codes are capped per challenge.
 */
@Injectable()
export class SecondFactorVerification {
  constructor(
    private readonly users: UserStream,
    private readonly dataSource: DataSource,
    private readonly challenges: ChallengeStore,
    private readonly mailedCodes: MailedCodes,
    private readonly guard: SecondFactorGuard,
    private readonly devices: TrustedDevices,
    private readonly throttle: AccountThrottle,
  ) {}

  async verify(request: VerifySecondFactorRequest): Promise<SecondFactorProven | ForwardedRequest<StartedSession>> {
    const holder = await this.holderOf(request);
    const { userId, challengeId } = holder;
    if (await this.guard.isLocked(userId)) throw new DomainError(TwoFactorErrors.ACCOUNT_TEMPORARILY_LOCKED);
    const now = new Date();
    const twoFactor = registered(await this.users.state(userId)).twoFactor;
    const verdict = await this.check(request, holder, twoFactor, now);
    const context = { correlationId: request.correlationId, actorId: userId, now };
    if (!verdict.ok) {
      if (verdict.counts) {
        const locked = await this.guard.fail(userId);
        const method = request.method;
        await this.users.execute(userId, { type: 'RecordSecondFactorFailure', method, locked, now }, context);
      }
      throw new DomainError(verdict.error);
    }
    await this.guard.succeed(userId);
    if (challengeId !== null) {
      // Consumed once: a replayed or parallel request with the same cookie finds nothing.
      if (!(await this.challenges.consume(challengeId)))
        throw new DomainError(TwoFactorErrors.INVALID_TWO_FACTOR_COOKIE);
      const trustedDevice = request.trustDevice === true ? await this.devices.trust(userId) : null;
      return { user: await this.view(userId), challenge: true, rememberMe: holder.rememberMe, trustedDevice };
    }
    if (request.method !== 'backup-code') {
      const recorded = await this.users.execute(
        userId,
        { type: 'EnableTwoFactor', method: request.method, now },
        context,
      );
      // Turned on by this proof: a new session replaces the caller's, with the user as they now are (1.7 answers
      // the deleted session's token and the user as they were).
      if (recorded.length > 0) {
        const how = { userChanged: true, endOtherSessions: request.revokeOtherSessions === true };
        return startSessionFor(await this.view(userId), request, how);
      }
    }
    return { user: await this.view(userId), challenge: false, rememberMe: true, trustedDevice: null };
  }

  /** Mails a new code to the holder's user, replacing the earlier one; capped per challenge (or user, signed in). */
  async sendCode(request: SecondFactorHolder): Promise<{ status: true }> {
    const holder = await this.holderOf(request);
    const now = new Date();
    const code = newMailedCode();
    const key = this.codeKey(holder);
    if (!(await this.mailedCodes.replace(key, code, now, holder.challengeId === null))) {
      throw new DomainError(RequestErrors.TOO_MANY_REQUESTS);
    }
    const { email, name } = await this.view(holder.userId);
    const expiresAt = new Date(now.getTime() + MAILED_CODE_TTL_MS);
    const context = { correlationId: request.correlationId, actorId: holder.userId, now };
    await this.users.execute(holder.userId, { type: 'RequestTwoFactorCode', email, name, code, expiresAt }, context);
    return { status: true };
  }

  /** The signed-in user when there is one (as 1.7), else the challenge; 401 INVALID_TWO_FACTOR_COOKIE without. */
  private async holderOf(request: SecondFactorHolder): Promise<Holder> {
    if (request.userId !== undefined) return { userId: request.userId, challengeId: null, rememberMe: true };
    const challenge = request.challengeId ? await this.challenges.read(request.challengeId) : null;
    if (challenge === null || request.challengeId === undefined) {
      throw new DomainError(TwoFactorErrors.INVALID_TWO_FACTOR_COOKIE);
    }
    return { userId: challenge.userId, challengeId: request.challengeId, rememberMe: challenge.rememberMe };
  }

  private async check(
    request: VerifySecondFactorRequest,
    holder: Holder,
    twoFactor: TwoFactorState,
    now: Date,
  ): Promise<Verdict> {
    const { method } = request;
    if (method === 'totp' && (twoFactor.secret === null || (holder.challengeId && !twoFactor.secretVerified))) {
      return refused(TwoFactorErrors.TOTP_NOT_ENABLED, false);
    }
    if (method === 'backup-code' && twoFactor.backupCodeHashes.length === 0) {
      return refused(TwoFactorErrors.BACKUP_CODES_NOT_ENABLED, false);
    }
    if (method !== 'otp' && holder.challengeId !== null) {
      if ((await this.challenges.attempt(holder.challengeId)) > CHALLENGE_ATTEMPTS) {
        await this.challenges.consume(holder.challengeId);
        return refused(TwoFactorErrors.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE);
      }
    }
    let verdict: Verdict = { ok: true };
    const { right } = await this.throttle.check({ userId: holder.userId }, request.ipAddress, async () => {
      verdict = await this.proves(request, holder, twoFactor, now);
      return verdict.ok;
    });
    return right ? { ok: true } : verdict;
  }

  private async proves(
    { method, code, correlationId }: VerifySecondFactorRequest,
    holder: Holder,
    twoFactor: TwoFactorState,
    now: Date,
  ): Promise<Verdict> {
    switch (method) {
      case 'totp': {
        const step = acceptedStep(twoFactor.secret ?? '', code, now, await this.guard.lastStep(holder.userId));
        const claimed = step !== null && (await this.guard.claim(holder.userId, step));
        return claimed ? { ok: true } : refused(TwoFactorErrors.INVALID_CODE);
      }
      case 'otp': {
        const outcome = await this.mailedCodes.check(this.codeKey(holder), code, now);
        if (outcome === 'right') return { ok: true };
        if (outcome === 'expired') return refused(TwoFactorErrors.OTP_HAS_EXPIRED, false);
        if (outcome === 'exhausted') return refused(TwoFactorErrors.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE);
        return refused(TwoFactorErrors.INVALID_CODE);
      }
      case 'backup-code': {
        const index = backupCodeIndex(twoFactor.backupCodeHashes, code);
        if (index < 0) return refused(TwoFactorErrors.INVALID_BACKUP_CODE);
        const context = { correlationId, actorId: holder.userId, now };
        await this.users.execute(holder.userId, { type: 'UseBackupCode', index, now }, context);
        return { ok: true };
      }
    }
  }

  private codeKey(holder: Holder): string {
    return holder.challengeId !== null
      ? this.challenges.key(holder.challengeId)
      : this.mailedCodes.sessionHolder(holder.userId);
  }

  private async view(userId: string): Promise<UserView> {
    return toUserView(await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId }));
  }
}
