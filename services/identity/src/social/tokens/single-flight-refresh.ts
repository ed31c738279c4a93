import { Injectable } from '@nestjs/common';
import { IdTokenKeys } from '../engine/id-token-keys.js';
import { ProviderAccounts, type ProviderAccount } from './provider-accounts.js';
import { refreshGrant } from './refresh-grant.js';
import { RefreshLock } from './refresh-lock.js';
import { mergeTokens, replacedSince, type StoredProviderTokens } from './stored-provider-tokens.js';

/** How long a call waits for another's refresh of the same account before giving up (under the RPC timeout). */
const WAIT_FOR_OTHER_REFRESH_MS = 8_000;

/** A refresh's outcome: the tokens in force after it, or `undefined` when the provider refused (or it timed out). */
export type RefreshOutcome = StoredProviderTokens | undefined;

/**
 * Refreshes an account's tokens once for every call that overlaps, on any replica: the caller that takes the
 * account's lock makes the refresh grant and records the result; the others wait for the lock and read that
 * result. "Overlaps" is judged by the tokens each call read when it started: once they were replaced, by whoever,
 * the call has its fresh tokens, so N parallel calls make one grant and never present a rotated refresh token twice.
 */
@Injectable()
export class SingleFlightRefresh {
  constructor(
    private readonly accounts: ProviderAccounts,
    private readonly lock: RefreshLock,
    private readonly keys: IdTokenKeys,
  ) {}

  /**
   * The account's tokens after a refresh, unless the tokens read `before` were replaced meanwhile (that refresh
   * is this call's too) or `wanted` no longer asks for one.
   */
  async refresh(
    { row, provider }: ProviderAccount,
    before: StoredProviderTokens,
    wanted: (tokens: StoredProviderTokens) => boolean,
    correlationId: string,
  ): Promise<RefreshOutcome> {
    const deadline = Date.now() + WAIT_FOR_OTHER_REFRESH_MS;
    const settled = (current: StoredProviderTokens) => replacedSince(before, current) || !wanted(current);
    while (Date.now() < deadline) {
      const release = await this.lock.acquire(row.id);
      if (release === undefined) {
        await this.lock.released(row.id, deadline);
        const current = await this.accounts.tokens(row);
        if (settled(current)) return current;
        continue;
      }
      try {
        // Read again under the lock: a refresh may have ended between the first read and taking the lock.
        const current = await this.accounts.tokens(row);
        if (settled(current)) return current;
        if (current.refreshToken === null) return undefined;
        const now = new Date();
        const answered = await refreshGrant(provider, row.issuer || undefined, current.refreshToken, this.keys, now);
        if (answered === undefined) return undefined;
        const refreshed = mergeTokens(current, answered);
        await this.accounts.record(row, refreshed, correlationId, now);
        return refreshed;
      } finally {
        await release();
      }
    }
    return undefined;
  }
}
