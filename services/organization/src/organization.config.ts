import {
  DatabaseVariables,
  EventRetentionVariables,
  healthPortVariable,
  loadConfig,
  LogVariables,
  natsVariables,
  NodeEnvVariable,
  type ConfigOf,
} from '@authsvc/config';

const organizationSchema = {
  ...NodeEnvVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...natsVariables('organization'),
  ...EventRetentionVariables,
  ...healthPortVariable(3103),
};

export type OrganizationConfig = ConfigOf<typeof organizationSchema>;

export function loadOrganizationConfig(env: NodeJS.ProcessEnv): OrganizationConfig {
  return loadConfig(organizationSchema, env);
}
