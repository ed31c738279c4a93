import {
  checkSecrets,
  DataEncryptionVariables,
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
  ...DataEncryptionVariables,
  ...natsVariables('organization'),
  ...EventRetentionVariables,
  ...healthPortVariable(3103),
};

export type OrganizationConfig = ConfigOf<typeof organizationSchema> & { readonly warnings: readonly string[] };

export function loadOrganizationConfig(env: NodeJS.ProcessEnv): OrganizationConfig {
  const config = loadConfig(organizationSchema, env);
  return { ...config, warnings: checkSecrets(config) };
}
