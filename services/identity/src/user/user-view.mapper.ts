import { withBanInForce, type UserView } from '@authsvc/contracts';
import type { UserEntity } from './user.entity.js';

/** The user as every answer shows it: a ban past its expiry is lifted (reads at `now`). */
export function toUserView(user: UserEntity, now = new Date()): UserView {
  return withBanInForce(viewOf(user), now);
}

function viewOf(user: UserEntity): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    emailVerified: user.emailVerified,
    username: user.username,
    displayUsername: user.displayUsername,
    role: user.role,
    banned: user.banned,
    banReason: user.banReason,
    banExpires: user.banExpires?.toISOString() ?? null,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
