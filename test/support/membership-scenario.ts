/**
 * A scripted life of three organizations that changes who is a member of each, in labels rather than ids, so
 * that a driver can play it by publishing events (`JetStreamMembershipDriver`) or through the gateway's
 * organization endpoints (`GatewayMembershipDriver`), and the expected membership follows from the script alone.
 * Its roles are those the service knows (owner, admin, member, or several of them), so that both can play it.
 */
export type MembershipAction =
  | { readonly act: 'create'; readonly organization: string; readonly owner: string }
  | { readonly act: 'add'; readonly organization: string; readonly user: string; readonly role: string }
  | { readonly act: 'invite-and-accept'; readonly organization: string; readonly user: string; readonly role: string }
  | { readonly act: 'change-role'; readonly organization: string; readonly user: string; readonly role: string }
  | { readonly act: 'remove'; readonly organization: string; readonly user: string }
  /** Not a membership change: a subscriber of memberships passes over its event. */
  | { readonly act: 'create-team'; readonly organization: string; readonly team: string };

/** Plays actions against the system; knows the ids behind the labels once it played them. */
export interface MembershipDriver {
  play(action: MembershipAction): Promise<void>;
  organizationId(organization: string): string;
  userId(user: string): string;
}

/** Organization label → user label → role. */
export type Memberships = Record<string, Record<string, string>>;

export function expectedMemberships(actions: readonly MembershipAction[]): Memberships {
  const memberships: Memberships = {};
  for (const action of actions) {
    const members = (memberships[action.organization] ??= {});
    if (action.act === 'create') members[action.owner] = 'owner';
    else if (action.act === 'remove') delete members[action.user];
    else if (action.act !== 'create-team') members[action.user] = action.role;
  }
  return memberships;
}

/** The labels of the users an action list names, owners included, in order of appearance. */
export function usersOf(actions: readonly MembershipAction[]): string[] {
  const users = actions.flatMap((action) =>
    action.act === 'create' ? [action.owner] : 'user' in action ? [action.user] : [],
  );
  return [...new Set(users)];
}

/** The labels of the organizations an action list names, in order of appearance. */
export function organizationsOf(actions: readonly MembershipAction[]): string[] {
  return [...new Set(actions.map((action) => action.organization))];
}

/** A member as an observer of the system sees it: by ids. */
export interface ObservedMember {
  readonly userId: string;
  readonly role: string;
}

/**
 * What an observer saw (the members of each organization, by id) in the labels of `actions`, as `driver` named
 * the ids when it played them, to compare with `expectedMemberships(actions)`. A user the scenario does not name
 * shows as `undefined`, so that a stray member fails the comparison.
 */
export function inLabels(
  actions: readonly MembershipAction[],
  driver: MembershipDriver,
  membersOf: (organizationId: string) => readonly ObservedMember[],
): Memberships {
  const labelOf = new Map(usersOf(actions).map((user) => [driver.userId(user), user]));
  return Object.fromEntries(
    organizationsOf(actions).map((organization) => [
      organization,
      Object.fromEntries(
        membersOf(driver.organizationId(organization)).map(({ userId, role }) => [`${labelOf.get(userId)}`, role]),
      ),
    ]),
  );
}

/** 31 membership changes across acme, globex and initech, members leaving and coming back included. */
export const MEMBERSHIP_SCENARIO: readonly MembershipAction[] = [
  { act: 'create', organization: 'acme', owner: 'ada' },
  { act: 'create', organization: 'globex', owner: 'grace' },
  { act: 'add', organization: 'acme', user: 'alan', role: 'member' },
  { act: 'add', organization: 'acme', user: 'edsger', role: 'member' },
  { act: 'invite-and-accept', organization: 'acme', user: 'barbara', role: 'admin' },
  { act: 'add', organization: 'globex', user: 'ken', role: 'member' },
  { act: 'create-team', organization: 'acme', team: 'platform' },
  { act: 'change-role', organization: 'acme', user: 'alan', role: 'admin' },
  { act: 'add', organization: 'globex', user: 'dennis', role: 'member' },
  { act: 'create', organization: 'initech', owner: 'linus' },
  { act: 'add', organization: 'initech', user: 'margaret', role: 'member' },
  { act: 'change-role', organization: 'globex', user: 'ken', role: 'admin' },
  { act: 'remove', organization: 'acme', user: 'edsger' },
  { act: 'add', organization: 'initech', user: 'ada', role: 'member' },
  { act: 'invite-and-accept', organization: 'globex', user: 'alan', role: 'member' },
  { act: 'change-role', organization: 'acme', user: 'barbara', role: 'member' },
  { act: 'add', organization: 'acme', user: 'edsger', role: 'member' },
  { act: 'remove', organization: 'globex', user: 'dennis' },
  { act: 'change-role', organization: 'initech', user: 'margaret', role: 'admin' },
  { act: 'add', organization: 'initech', user: 'grace', role: 'member' },
  { act: 'change-role', organization: 'acme', user: 'alan', role: 'admin,member' },
  { act: 'remove', organization: 'initech', user: 'ada' },
  { act: 'add', organization: 'globex', user: 'barbara', role: 'member' },
  { act: 'change-role', organization: 'globex', user: 'alan', role: 'admin' },
  { act: 'remove', organization: 'acme', user: 'barbara' },
  { act: 'create-team', organization: 'globex', team: 'research' },
  { act: 'add', organization: 'acme', user: 'ken', role: 'member' },
  { act: 'change-role', organization: 'initech', user: 'grace', role: 'admin' },
  { act: 'remove', organization: 'globex', user: 'ken' },
  { act: 'add', organization: 'initech', user: 'dennis', role: 'member' },
  { act: 'change-role', organization: 'acme', user: 'edsger', role: 'admin' },
  { act: 'add', organization: 'globex', user: 'linus', role: 'member' },
  { act: 'remove', organization: 'initech', user: 'margaret' },
];
