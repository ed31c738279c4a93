import {
  DEFAULT_ROLE,
  EmailChanged,
  EmailVerified,
  UserDeleted,
  UserBanned,
  UserRegistered,
  UserRoleChanged,
  UserUnbanned,
  UserUpdated,
  TwoFactorDisabled,
  TwoFactorEnabled,
  type PersonalOf,
} from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { UserEntity } from '../user.entity.js';

type RegisteredPersonal = PersonalOf<typeof UserRegistered>;

export function evolveUserView(row: UserEntity | null, event: RecordedEvent): UserEntity | null {
  if (isEvent(event, UserRegistered)) {
    const personal = event.personal as RegisteredPersonal;
    const createdAt = new Date(event.data.createdAt);
    return Object.assign(new UserEntity(), {
      id: event.data.userId,
      email: personal.email,
      name: personal.name,
      image: personal.image,
      username: personal.username ?? null,
      displayUsername: personal.displayUsername ?? null,
      emailVerified: event.data.emailVerified,
      role: event.data.role ?? DEFAULT_ROLE,
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
      createdAt,
      updatedAt: createdAt,
    });
  }
  // Accounts and mailed-token rows go with the user (ON DELETE CASCADE).
  if (isEvent(event, UserDeleted)) return null;
  if (isEvent(event, UserUpdated) && row) {
    const changes = event.personal as PersonalOf<typeof UserUpdated>;
    return Object.assign(row, changes, { updatedAt: new Date(event.data.updatedAt) });
  }
  if (isEvent(event, EmailChanged) && row) {
    const { email } = event.personal as PersonalOf<typeof EmailChanged>;
    const emailVerified = event.data.emailVerified ?? true;
    return Object.assign(row, { email, emailVerified, updatedAt: new Date(event.data.changedAt) });
  }
  if (isEvent(event, UserRoleChanged) && row) {
    return Object.assign(row, { role: event.data.role, updatedAt: new Date(event.data.changedAt) });
  }
  if (isEvent(event, UserBanned) && row) {
    const { banReason, banExpires, bannedAt } = event.data;
    const expires = banExpires === null ? null : new Date(banExpires);
    return Object.assign(row, { banned: true, banReason, banExpires: expires, updatedAt: new Date(bannedAt) });
  }
  if (isEvent(event, UserUnbanned) && row) {
    const updatedAt = new Date(event.data.unbannedAt);
    return Object.assign(row, { banned: false, banReason: null, banExpires: null, updatedAt });
  }
  if (isEvent(event, TwoFactorEnabled) && row) {
    return Object.assign(row, { twoFactorEnabled: true, updatedAt: new Date(event.data.enabledAt) });
  }
  if (isEvent(event, TwoFactorDisabled) && row) {
    return Object.assign(row, { twoFactorEnabled: false, updatedAt: new Date(event.data.disabledAt) });
  }
  if (isEvent(event, EmailVerified) && row) {
    return Object.assign(row, { emailVerified: true, updatedAt: new Date(event.data.verifiedAt) });
  }
  return row;
}

export const userViewProjection: RowProjection<UserEntity> = {
  entity: UserEntity,
  handles: [
    UserRegistered.type,
    UserUpdated.type,
    EmailVerified.type,
    EmailChanged.type,
    UserRoleChanged.type,
    UserBanned.type,
    UserUnbanned.type,
    TwoFactorEnabled.type,
    TwoFactorDisabled.type,
    UserDeleted.type,
  ],
  creates: [UserRegistered.type],
  key: (event) => ({ id: (event.data as { userId: string }).userId }),
  evolve: evolveUserView,
};
