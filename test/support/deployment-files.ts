import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseVariables, natsVariables, RedisVariables, SOCIAL_PROVIDER_IDS } from '@authsvc/config';
import { loadGatewayConfig } from '../../gateway/src/gateway.config.js';
import { loadIdentityConfig } from '../../services/identity/src/identity.config.js';
import { loadMailerConfig } from '../../services/mailer/src/mailer.config.js';
import { loadOrganizationConfig } from '../../services/organization/src/organization.config.js';
import { loadSessionConfig } from '../../services/session/src/session.config.js';
import { readmeVariables as readmeTable, variablesOf as readmeVariablesOf } from '../../scripts/deployment-env.mjs';
import { buildKustomization } from './kustomization.js';

/** What the deployment specs read: the files of the repository, the configuration table, the base's resources. */
export const ROOT = process.cwd();
export const SECRET_KEYS = [
  'AUTH_SECRET',
  'AUTH_SECRETS_PREVIOUS',
  'DATA_ENCRYPTION_KEY',
  'DATA_ENCRYPTION_KEYS_PREVIOUS',
  'DATABASE_URL',
  'SMTP_URL',
  'CAPTCHA_SECRET_KEY',
];

const defaultPort = (value: string | undefined): number => Number(new URL(value!).port);

/** The TCP ports a variable makes its app connect to, when the app reads it (DNS aside). */
export const EGRESS_BY_VARIABLE: Readonly<Record<string, readonly number[]>> = {
  DATABASE_URL: [defaultPort(DatabaseVariables.DATABASE_URL.defaultValue)],
  REDIS_URL: [defaultPort(RedisVariables.REDIS_URL.defaultValue)],
  NATS_URL: [defaultPort(natsVariables('gateway').NATS_URL.defaultValue)],
  // SMTP has no default server: the ports of plain, implicit-TLS and submission SMTP.
  SMTP_URL: [25, 465, 587],
  // An OpenTelemetry collector's OTLP/HTTP port (it has no default server).
  OTEL_EXPORTER_OTLP_ENDPOINT: [4318],
  // The captcha provider's siteverify API, over HTTPS.
  CAPTCHA_PROVIDER: [443],
  // Social providers' token, userinfo, JWKS and discovery endpoints, over HTTPS.
  OIDC_PROVIDERS: [443],
  ...Object.fromEntries(SOCIAL_PROVIDER_IDS.map((id) => [`${id.toUpperCase()}_CLIENT_ID`, [443]])),
};

const CONFIG_LOADERS: Readonly<Record<string, (env: NodeJS.ProcessEnv) => unknown>> = {
  gateway: loadGatewayConfig,
  identity: loadIdentityConfig,
  session: loadSessionConfig,
  organization: loadOrganizationConfig,
  mailer: loadMailerConfig,
};

/** The variables an app's config reads: those its loader asks the environment for (development defaults). */
export function variablesReadBy(app: string): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    { NODE_ENV: 'test' },
    {
      get: (target, name) => {
        if (typeof name === 'string') read.add(name);
        return Reflect.get(target, name);
      },
    },
  );
  CONFIG_LOADERS[app](env);
  return sorted(read);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML is untyped */
export type Yaml = any;

export const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
export const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The configuration table's rows: variable name → the apps that use it ("all" expanded). */
export const readmeVariables = (): Map<string, string[]> => readmeTable(read('docs/configuration.md'));

/**
 * The configuration table's `<ID>_…` rows (each stands for that setting of every one of the spec's social providers), expanded,
 * for `app`. The deployment files leave them out (an operator adds the providers they use), so only this check reads them.
 */
function providerVariablesOf(app: string): string[] {
  const rows = [...read('docs/configuration.md').matchAll(/^\| `<ID>(_[A-Z_]+)` +\| ([^|]+)\|/gm)];
  return rows
    .filter(([, , apps]) => apps.split(',').some((name) => name.trim() === app))
    .flatMap(([, setting]) => SOCIAL_PROVIDER_IDS.map((id) => `${id.toUpperCase()}${setting}`));
}

export const variablesOf = (app: string): string[] => sorted(readmeVariablesOf(read('docs/configuration.md'), app));

/** Every variable docs/configuration.md documents for `app`, the providers' rows expanded. */
export const documentedVariablesOf = (app: string): string[] =>
  sorted([...variablesOf(app), ...providerVariablesOf(app)]);

/** A Compose value as it is when none of its variables is set: `${NAME:-default}` becomes its default. */
export const composeDefault = (value: string): string =>
  value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');

export const BASE = 'k8s/base';
export const OVERLAYS = ['dev', 'prod'] as const;

/** The base's resources, each file parsed (a YAML error names its file). */
export const k8sResources = (): Yaml[] => buildKustomization(join(ROOT, BASE));

export function resource(kind: string, name: string, resources: Yaml[] = k8sResources()): Yaml {
  const found = resources.find((item) => item?.kind === kind && item.metadata?.name === name);
  if (!found) throw new Error(`${BASE} has no ${kind} named ${name}`);
  return found;
}

/** A probe or Service port given by name or number, as the container port number. */
export function portNumber(container: Yaml, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((entry: Yaml) => entry.name === port)?.containerPort;
}
