import {
  AccountLinked,
  AccountUnlinked,
  CredentialAccountCreated,
  CredentialAccountRemoved,
  PasswordChanged,
  PasswordHashUpgraded,
  ProviderTokensRefreshed,
  type ProviderTokenFacts,
  type PersonalOf,
} from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { AccountEntity } from '../account.entity.js';

const tokenFacts = (facts: ProviderTokenFacts) => ({
  scope: facts.scopes.join(','),
  accessTokenExpiresAt: facts.accessTokenExpiresAt === null ? null : new Date(facts.accessTokenExpiresAt),
  refreshTokenExpiresAt: facts.refreshTokenExpiresAt === null ? null : new Date(facts.refreshTokenExpiresAt),
});

/** What a refresh changes on the account's row: columns of the event alone, so the row is not read first. */
const refreshedColumns = (event: RecordedEvent): Partial<AccountEntity> =>
  isEvent(event, ProviderTokensRefreshed)
    ? { ...tokenFacts(event.data), updatedAt: new Date(event.data.refreshedAt) }
    : {};

/** The credential account's accountId is the user id, as in the reference data model. */
export function evolveAccountView(row: AccountEntity | null, event: RecordedEvent): AccountEntity | null {
  if (isEvent(event, CredentialAccountCreated)) {
    const personal = event.personal as PersonalOf<typeof CredentialAccountCreated>;
    const createdAt = new Date(event.data.createdAt);
    return Object.assign(new AccountEntity(), {
      id: event.data.accountId,
      userId: event.data.userId,
      providerId: 'credential',
      accountId: event.data.userId,
      issuer: '',
      password: personal.passwordHash,
      email: null,
      scope: '',
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  if (isEvent(event, AccountLinked)) {
    const linkedAt = new Date(event.data.linkedAt);
    const personal = event.personal as PersonalOf<typeof AccountLinked> | null;
    return Object.assign(new AccountEntity(), {
      id: event.data.accountId,
      userId: event.data.userId,
      providerId: event.data.providerId,
      accountId: event.data.subject,
      issuer: event.data.issuer,
      password: null,
      // Null once the user's personal data is erased, or for links recorded before the address was kept.
      email: personal?.email ?? null,
      ...tokenFacts(event.data),
      createdAt: linkedAt,
      updatedAt: linkedAt,
    });
  }
  if (isEvent(event, ProviderTokensRefreshed) && row) return Object.assign(row, refreshedColumns(event));
  if (isEvent(event, AccountUnlinked) || isEvent(event, CredentialAccountRemoved)) return null;
  if (isEvent(event, PasswordChanged) && row) {
    const personal = event.personal as PersonalOf<typeof PasswordChanged>;
    return Object.assign(row, { password: personal.passwordHash, updatedAt: new Date(event.data.changedAt) });
  }
  if (isEvent(event, PasswordHashUpgraded) && row) {
    const personal = event.personal as PersonalOf<typeof PasswordHashUpgraded>;
    return Object.assign(row, { password: personal.passwordHash, updatedAt: new Date(event.data.upgradedAt) });
  }
  return row;
}

export const accountViewProjection: RowProjection<AccountEntity> = {
  entity: AccountEntity,
  handles: [
    CredentialAccountCreated.type,
    PasswordChanged.type,
    PasswordHashUpgraded.type,
    AccountLinked.type,
    ProviderTokensRefreshed.type,
    AccountUnlinked.type,
    CredentialAccountRemoved.type,
  ],
  creates: [CredentialAccountCreated.type, AccountLinked.type],
  sets: { [ProviderTokensRefreshed.type]: refreshedColumns },
  key: (event) => ({ id: (event.data as { accountId: string }).accountId }),
  evolve: evolveAccountView,
};
