/** The kinds of the tenant isolation suite's table: callers, requests and the answers each caller gets. */
import { OrganizationErrors } from '@authsvc/errors';
import type { Actor } from './actor.js';

export type Role = 'owner' | 'admin' | 'member' | 'outsider' | 'foreignAdmin';
export const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'outsider', 'foreignAdmin'];
export type Code = keyof typeof OrganizationErrors;

/** An organization of the suite: owner, admin and member, a pending invitation, a team holding admin and member. */
export interface Fixture {
  id: string;
  slug: string;
  users: Record<'owner' | 'admin' | 'member', Actor>;
  memberIds: Record<'owner' | 'admin' | 'member', string>;
  invitationId: string;
  teamId: string;
}

/** What a request sends: `active` is the organization the caller's session names (default: the target's). */
export interface Sent {
  body?: object;
  query?: Record<string, string | undefined>;
  active?: string;
}

/** 200, or a catalogue refusal; per role for the target's own ids, one answer (or per role) for foreign ids. */
export type Answer = 'ok' | [number, Code];
export interface Endpoint {
  route: string;
  write: boolean;
  /** The request against `target` (organization A) naming the ids of `ids` (A itself, or B). */
  build(target: Fixture, ids: Fixture): Sent;
  own: Record<Role, Answer>;
  /** Absent: the route names no id of an organization (it answers about the caller only). */
  foreign?: Answer | Record<Role, Answer | null>;
}

export const all = (answer: Answer): Record<Role, Answer> => ({
  owner: answer,
  admin: answer,
  member: answer,
  outsider: answer,
  foreignAdmin: answer,
});
/** Owner and admin allowed; `foreigners` defaults to the outsiders' answer. */
export const staff = (refusal: Answer, outsiders: Answer, foreigners: Answer = outsiders): Record<Role, Answer> => ({
  owner: 'ok',
  admin: 'ok',
  member: refusal,
  outsider: outsiders,
  foreignAdmin: foreigners,
});
export const members = (outsiders: Answer): Record<Role, Answer> => ({
  owner: 'ok',
  admin: 'ok',
  member: 'ok',
  outsider: outsiders,
  foreignAdmin: outsiders,
});

/**
 * Another organization's ids, with the organization itself the only id: for the foreign admin that is their own
 * organization, which the admin's own-id rows already cover (null: no row).
 */
export const outsideTheirOwn = (answer: Answer): Record<Role, Answer | null> => ({
  ...all(answer),
  foreignAdmin: null,
});
