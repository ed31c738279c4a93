// For the user decider's specs only: Ada's registration, and a helper that reads what a command decided.
import type { PendingEvent } from '@authsvc/platform';
import { givenEvents, type Decider } from '@authsvc/platform/testing';
import { decideUser, type RegisterUser, type UserCommand } from './user.decider.js';
import { evolveUser, initialUserState, type UserState } from './user-state.js';

/** When every command of these specs happens. */
export const now = new Date('2026-03-01T12:00:00.000Z');

export const user: Decider<UserCommand, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};

/** Ada registers with a password, and a verification link is mailed to her; `overrides` change any of it. */
export function registerUser(overrides: Partial<RegisterUser> = {}): RegisterUser {
  return {
    type: 'RegisterUser',
    userId: 'user1',
    accountId: 'account1',
    email: 'ada@example.com',
    name: 'Ada',
    image: null,
    username: { username: null, displayUsername: null },
    passwordHash: '$2b$04$hash',
    role: 'user',
    emailVerified: false,
    now,
    verification: {
      url: 'http://localhost:3000/api/auth/verify-email?token=t',
      expiresAt: new Date(now.getTime() + 3600e3),
    },
    ...overrides,
  };
}

/** The events of Ada's registration, `registerUser(overrides)`. */
export function registered(overrides: Partial<RegisterUser> = {}): readonly PendingEvent[] {
  return givenEvents(user).when(registerUser(overrides)).thenEvents();
}

export const typesOf = (events: readonly PendingEvent[]) => events.map((event) => event.definition.type);
