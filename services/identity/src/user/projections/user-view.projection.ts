import {
  EmailChanged,
  EmailVerified,
  UserDeleted,
  UserRegistered,
  UserUpdated,
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
  if (isEvent(event, EmailVerified) && row) {
    return Object.assign(row, { emailVerified: true, updatedAt: new Date(event.data.verifiedAt) });
  }
  return row;
}

export const userViewProjection: RowProjection<UserEntity> = {
  entity: UserEntity,
  handles: [UserRegistered.type, UserUpdated.type, EmailVerified.type, EmailChanged.type, UserDeleted.type],
  creates: [UserRegistered.type],
  key: (event) => ({ id: (event.data as { userId: string }).userId }),
  evolve: evolveUserView,
};
