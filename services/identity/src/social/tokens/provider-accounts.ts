import type { ProviderAccountRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError, RequestErrors, withMessage } from '@authsvc/errors';
import { EventStore } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountEntity, grantedScopes } from '../../user/account.entity.js';
import { userStreamId } from '../../user/user-state.js';
import { UserStream } from '../../user/user-stream.js';
import { ProviderRegistry } from '../provider-registry.js';
import type { ConfiguredProvider } from '../provider-overrides.js';
import { selectAccount } from './account-selection.js';
import { storedProviderTokens, type StoredProviderTokens } from './stored-provider-tokens.js';

/** A user's provider account with the provider it belongs to, as the token endpoints work on it. */
export interface ProviderAccount {
  readonly row: AccountEntity;
  readonly provider: ConfiguredProvider;
}

/**
 * The user's provider accounts for the token endpoints: which one a request names, its provider, its tokens
 * (unsealed from the user's events, never kept in a read model) and the recording of new ones.
 */
@Injectable()
export class ProviderAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly users: UserStream,
    private readonly registry: ProviderRegistry,
  ) {}

  /** The account the request names; 400 ACCOUNT_NOT_FOUND when the user has none such. */
  async select(request: ProviderAccountRequest): Promise<AccountEntity> {
    const accounts = await this.dataSource
      .getRepository(AccountEntity)
      .find({ where: { userId: request.userId }, order: { createdAt: 'ASC' } });
    const account = selectAccount(accounts, request);
    if (account === undefined) throw new DomainError(AuthErrors.ACCOUNT_NOT_FOUND);
    return account;
  }

  /**
   * The account's configured provider, `undefined` for one not configured (the credential account among them); 503
   * while a generic provider's discovery fails, as at sign-in.
   */
  async providerOf(account: AccountEntity): Promise<ConfiguredProvider | undefined> {
    return this.registry.find(account.providerId).catch(() => {
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    });
  }

  /** The account and its provider; 400 PROVIDER_NOT_SUPPORTED, worded with its provider, when not configured. */
  async supported(request: ProviderAccountRequest): Promise<ProviderAccount> {
    const row = await this.select(request);
    const provider = await this.providerOf(row);
    if (provider === undefined) {
      throw new DomainError(
        withMessage(AuthErrors.PROVIDER_NOT_SUPPORTED, `Provider ${row.providerId} is not supported.`),
      );
    }
    return { row, provider };
  }

  /** The account's tokens now; all null when it has none (or the user's data key is gone). */
  async tokens(account: AccountEntity): Promise<StoredProviderTokens> {
    const history = await this.store.readStream(userStreamId(account.userId));
    return storedProviderTokens(history, account.id);
  }

  /** Records a refresh's tokens (`ProviderTokensRefreshed`, sealed), the user acting. */
  async record(account: AccountEntity, tokens: StoredProviderTokens, correlationId: string, now: Date): Promise<void> {
    const grant = {
      facts: {
        // The granted scopes stay: a refresh's answer may name fewer (the reference keeps them too).
        scopes: grantedScopes(account),
        accessTokenExpiresAt: tokens.accessTokenExpiresAt,
        refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
      },
      secrets: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, idToken: tokens.idToken },
    };
    const command = { type: 'RefreshProviderTokens', accountId: account.id, tokens: grant, now } as const;
    await this.users.refreshProviderTokens(account.userId, command, { correlationId, actorId: account.userId, now });
  }
}
