import type { MemberRow } from './members-section';

/** A user as the team screens name them: from the organization's members, which get-full-organization lists. */
export interface Person {
  readonly userId: string;
  readonly name: string;
  readonly email?: string;
}

/**
 * The person a user id names. get-full-organization stops at MEMBERSHIP_LIMIT members, so someone in a team may
 * be missing from its list (when the limit was lowered later): they are still shown, and can still be removed.
 */
export function personOf(userId: string, members: readonly MemberRow[]): Person {
  const member = members.find((candidate) => candidate.userId === userId);
  return member ? personOfMember(member) : { userId, name: 'Another member' };
}

export const personOfMember = (member: MemberRow): Person => ({
  userId: member.userId,
  name: member.user.name,
  email: member.user.email,
});
