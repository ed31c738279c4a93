import type { UserView } from '@authsvc/contracts';
import type { UserEntity } from './user.entity.js';

export function toUserView(user: UserEntity): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    emailVerified: user.emailVerified,
    username: user.username,
    displayUsername: user.displayUsername,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
