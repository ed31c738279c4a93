import {
  ConsumerVariables,
  boolean,
  checkSecrets,
  integer,
  DataEncryptionVariables,
  DatabaseVariables,
  EventStreamVariables,
  healthPortVariable,
  tracingVariables,
  loadConfig,
  LogVariables,
  natsVariables,
  RpcClientVariables,
  NodeEnvVariable,
  RedisVariables,
  ShutdownVariables,
  rpcRetryBudget,
  type ConfigOf,
  type RetryBudget,
} from '@authsvc/config';

const organizationSchema = {
  ...NodeEnvVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...DataEncryptionVariables,
  ...RedisVariables,
  ...natsVariables('organization'),
  ...RpcClientVariables,
  ...EventStreamVariables,
  ...healthPortVariable(3103),
  ...ShutdownVariables,
  ...ConsumerVariables,
  ...tracingVariables('organization'),
  /** Whether users may create organizations (an admin or server call creating for a user is not bound by it). */
  ORGANIZATION_CREATION_ENABLED: boolean(true),
  /**
   * How many organizations a user may be a member of and still create one; 0: no limit. 100 by default, far
   * beyond a person's use: each organization is a name its owner can have invitation mails signed with.
   */
  ORGANIZATION_LIMIT: integer(100, 0, 1_000_000),
  ORGANIZATION_DELETION_ENABLED: boolean(true),
  /** Members an organization may have; also the cap of get-full-organization's member list. */
  MEMBERSHIP_LIMIT: integer(100, 1, 1_000_000),
  TEAMS_ENABLED: boolean(true),
  /** With teams: a new organization gets a team named like it, with its creator in it. */
  DEFAULT_TEAM_ENABLED: boolean(true),
  /** Teams an organization may have; 0: no limit. */
  MAXIMUM_TEAMS: integer(0, 0, 1_000_000),
  /** Members a team may have (add-team-member, and an invitation naming the team); 0: no limit. */
  TEAM_MEMBER_LIMIT: integer(0, 0, 1_000_000),
  /** Whether an organization's last team may be removed. */
  ALLOW_REMOVING_ALL_TEAMS: boolean(false),
  /** Seconds an invitation can be accepted for (48 hours); resending it starts them again. */
  INVITATION_EXPIRES_IN: integer(172_800, 1, 31_536_000),
  /** Whether accepting or rejecting an invitation needs a verified address (1.7's requireEmailVerificationOnInvitation). */
  INVITATION_REQUIRES_VERIFIED_EMAIL: boolean(false),
  /** Open (pending, unexpired) invitations an organization may have. */
  INVITATION_LIMIT: integer(100, 1, 1_000_000),
  /** Milliseconds between the sweeps that record expired invitations (each replica sweeps; a repeat is a no-op). */
  INVITATION_SWEEP_INTERVAL_MS: integer(60_000, 100, 86_400_000),
};

export const ORGANIZATION_CONFIG = Symbol('OrganizationConfig');

export type OrganizationConfig = ConfigOf<typeof organizationSchema> & {
  readonly warnings: readonly string[];
  readonly rpcBudget: RetryBudget;
};

export function loadOrganizationConfig(env: NodeJS.ProcessEnv): OrganizationConfig {
  const config = loadConfig(organizationSchema, env);
  return { ...config, warnings: checkSecrets(config), rpcBudget: rpcRetryBudget(config) };
}
