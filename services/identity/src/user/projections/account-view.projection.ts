import { CredentialAccountCreated, PasswordChanged, PasswordHashUpgraded, type PersonalOf } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { AccountEntity } from '../account.entity.js';

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
      password: personal.passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
  }
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
  handles: [CredentialAccountCreated.type, PasswordChanged.type, PasswordHashUpgraded.type],
  creates: [CredentialAccountCreated.type],
  key: (event) => ({ id: (event.data as { accountId: string }).accountId }),
  evolve: evolveAccountView,
};
