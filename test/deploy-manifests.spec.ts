import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { nkeys } from '@nats-io/transport-node';
import { DatabaseVariables, DEV_NATS_NKEY_SEEDS, natsVariables, RedisVariables } from '@authsvc/config';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsPublicKeyVariable } from '@authsvc/platform';
import { loadGatewayConfig } from '../gateway/src/gateway.config.js';
import { loadIdentityConfig } from '../services/identity/src/identity.config.js';
import { loadMailerConfig } from '../services/mailer/src/mailer.config.js';
import { loadOrganizationConfig } from '../services/organization/src/organization.config.js';
import { loadSessionConfig } from '../services/session/src/session.config.js';
import {
  APPS,
  readmeVariables as readmeTable,
  sharedKeys,
  variablesOf as readmeVariablesOf,
  withDeploymentEnv,
} from '../scripts/deployment-env.mjs';

/**
 * Keeps the deployment files (Dockerfile, docker-compose.yml, k8s/) in step with the environment variable
 * table of README.md: every app receives exactly the variables it reads, and every app is deployable and probed.
 */
const ROOT = process.cwd();
const SECRET_KEYS = [
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
const EGRESS_BY_VARIABLE: Readonly<Record<string, readonly number[]>> = {
  DATABASE_URL: [defaultPort(DatabaseVariables.DATABASE_URL.defaultValue)],
  REDIS_URL: [defaultPort(RedisVariables.REDIS_URL.defaultValue)],
  NATS_URL: [defaultPort(natsVariables('gateway').NATS_URL.defaultValue)],
  // SMTP has no default server: the ports of plain, implicit-TLS and submission SMTP.
  SMTP_URL: [25, 465, 587],
  // The captcha provider's siteverify API, over HTTPS.
  CAPTCHA_PROVIDER: [443],
};

const CONFIG_LOADERS: Readonly<Record<string, (env: NodeJS.ProcessEnv) => unknown>> = {
  gateway: loadGatewayConfig,
  identity: loadIdentityConfig,
  session: loadSessionConfig,
  organization: loadOrganizationConfig,
  mailer: loadMailerConfig,
};

/** The variables an app's config reads: those its loader asks the environment for (development defaults). */
function variablesReadBy(app: string): string[] {
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
type Yaml = any;

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The README table rows: variable name → the apps that use it ("all" expanded). */
const readmeVariables = (): Map<string, string[]> => readmeTable(read('README.md'));

const variablesOf = (app: string): string[] => sorted(readmeVariablesOf(read('README.md'), app));

/** A Compose value as it is when none of its variables is set: `${NAME:-default}` becomes its default. */
const composeDefault = (value: string): string =>
  value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');

function k8sResources(): Yaml[] {
  return readdirSync(join(ROOT, 'k8s'))
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(read(`k8s/${file}`)).map((document) => {
        if (document.errors.length > 0) throw new Error(`k8s/${file}: ${document.errors[0].message}`);
        return document.toJS();
      }),
    );
}

function resource(kind: string, name: string): Yaml {
  const found = k8sResources().find((item) => item?.kind === kind && item.metadata?.name === name);
  if (!found) throw new Error(`k8s/ has no ${kind} named ${name}`);
  return found;
}

/** A probe or Service port given by name or number, as the container port number. */
function portNumber(container: Yaml, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((entry: Yaml) => entry.name === port)?.containerPort;
}

describe('deployment manifests', () => {
  const allVariables = sorted(readmeVariables().keys());

  it('reads the variables from the README table', () => {
    expect(allVariables.length).toBeGreaterThan(0);
    expect(allVariables).toEqual(expect.arrayContaining(SECRET_KEYS));
  });

  it('builds one image per app from the Dockerfile', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG APP\b/m);
    expect(dockerfile).toMatch(/^USER node\b/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000\b/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health\/ready/m);
  });

  it('installs as .ci/run does: with .npmrc, and npm install when npm ci refuses the lock', () => {
    const dockerfile = read('Dockerfile');
    expect(read('.ci/run')).toMatch(/npm ci .*&& return 0[\s\S]*npm install/);
    expect(dockerfile).toMatch(/cp \.npmrc \/manifests\//);
    const installs = dockerfile.split('\n').filter((line) => /^RUN\b.*\bnpm ci\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toMatch(/npm ci( [^|]*)? \|\| npm install\b/);
  });

  describe('docker-compose.yml', () => {
    const services: Record<string, Yaml> = parse(read('docker-compose.yml')).services ?? {};

    const commandOf = (service: string) => [services[service].command ?? []].flat().join(' ');
    /** The host address and port a service publishes for `containerPort`, if any. */
    const published = (service: string, containerPort: string) =>
      (services[service].ports ?? []).map(String).find((port: string) => port.endsWith(`:${containerPort}`));
    const portOf = (url: URL) => url.port;

    it('runs every app and its infrastructure, NATS with JetStream, and a mail catcher', () => {
      expect(sorted(Object.keys(services))).toEqual(
        sorted([...APPS, 'postgres', 'redis', 'nats', 'nats-authorized', 'mailpit']),
      );
      for (const nats of ['nats', 'nats-authorized']) {
        expect({ nats, command: commandOf(nats) }).toEqual({
          nats,
          command: expect.stringMatching(/(^|\s)(-js|--jetstream)(\s|$)/),
        });
      }
    });

    it('names a version of every image, never :latest', () => {
      for (const [name, service] of Object.entries(services)) {
        if (service.build) continue;
        expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(/^[\w./-]+:[\w.-]+$/) });
        expect({ name, image: service.image }).not.toEqual({ name, image: expect.stringMatching(/:latest$/) });
      }
    });

    it('publishes PostgreSQL, Redis and an open NATS on 127.0.0.1 at the ports of the default URLs', () => {
      const defaults = {
        postgres: new URL(DatabaseVariables.DATABASE_URL.defaultValue!),
        redis: new URL(RedisVariables.REDIS_URL.defaultValue!),
        nats: new URL(natsVariables('gateway').NATS_URL.defaultValue!),
      };
      for (const [service, url] of Object.entries(defaults)) {
        expect({ service, url: url.hostname }).toEqual({ service, url: '127.0.0.1' });
        expect({ service, published: published(service, portOf(url)) }).toEqual({
          service,
          published: `127.0.0.1:${portOf(url)}:${portOf(url)}`,
        });
      }
      // npm test's own clients connect without a credential: the development NATS enforces no authorization.
      expect(commandOf('nats')).not.toMatch(/(^|\s)(-c|--config)\s/);
    });

    it('lets the default DATABASE_URL (no password) into its PostgreSQL', () => {
      const url = new URL(DatabaseVariables.DATABASE_URL.defaultValue!);
      const environment = services.postgres.environment;
      expect({ user: url.username, password: url.password, database: url.pathname.slice(1) }).toEqual({
        user: environment.POSTGRES_USER,
        password: '',
        database: environment.POSTGRES_DB,
      });
      expect(composeDefault(environment.POSTGRES_HOST_AUTH_METHOD)).toBe('trust');
      for (const app of APPS.filter((name) => services[name].environment.DATABASE_URL)) {
        const appUrl = new URL(composeDefault(services[app].environment.DATABASE_URL));
        expect({ app, user: appUrl.username, database: appUrl.pathname, host: appUrl.host }).toEqual({
          app,
          user: environment.POSTGRES_USER,
          database: `/${environment.POSTGRES_DB}`,
          host: 'postgres:5432',
        });
      }
    });

    it('runs the stack NATS with the generated authorization, each public key from the environment', () => {
      const config = /(?:^|\s)-c\s+(\S+)/.exec(commandOf('nats-authorized'))?.[1];
      expect(services['nats-authorized'].volumes).toContain(`./nats/nats-server.conf:${config}:ro`);
      const users = NATS_ACCESS.map(({ user }) => natsPublicKeyVariable(user));
      expect(sorted(Object.keys(services['nats-authorized'].environment ?? {}))).toEqual(sorted(users));
      for (const app of APPS) {
        expect({ app, dependsOn: Object.keys(services[app].depends_on) }).toEqual({
          app,
          dependsOn: expect.arrayContaining(['nats-authorized']),
        });
        expect({ app, dependsOn: Object.keys(services[app].depends_on) }).not.toEqual({
          app,
          dependsOn: expect.arrayContaining(['nats']),
        });
      }
      expect(services.nats.profiles).toEqual(['dev']);
    });

    it("defaults the stack NATS's keys to the development ones, which the apps refuse in production", () => {
      for (const { user } of NATS_ACCESS) {
        const developmentKey = nkeys.fromSeed(new TextEncoder().encode(DEV_NATS_NKEY_SEEDS[user])).getPublicKey();
        const key = services['nats-authorized'].environment[natsPublicKeyVariable(user)];
        expect({ user, key: composeDefault(key) }).toEqual({ user, key: developmentKey });
      }
    });

    it.each(APPS)('gives %s only its own NATS credential', (app) => {
      expect({ app, seed: services[app].environment?.NATS_NKEY_SEED }).toEqual({
        app,
        seed: `\${${natsPublicKeyVariable(app)}_SEED:-}`,
      });
    });

    it('hands the mailer an SMTP server of the stack by default (production refuses to run without one)', () => {
      const smtp = new URL(composeDefault(services.mailer.environment.SMTP_URL));
      expect(composeDefault(services.mailer.environment.NODE_ENV)).toBe('production');
      expect(Object.keys(services)).toContain(smtp.hostname);
    });

    it.each(APPS)('gives %s its image and exactly the variables it uses', (app) => {
      const environment = services[app].environment ?? {};
      const keys = Array.isArray(environment)
        ? environment.map((entry: string) => entry.split('=')[0])
        : Object.keys(environment);
      expect({ app, buildArg: services[app].build?.args?.APP }).toEqual({ app, buildArg: app });
      expect({ app, environment: sorted(keys) }).toEqual({ app, environment: variablesOf(app) });
    });
  });

  describe('k8s/', () => {
    it.each(APPS)('runs %s from its image tagged with the version in package.json, not :latest', (app) => {
      const { version } = JSON.parse(read('package.json')) as { version: string };
      const image = resource('Deployment', app).spec.template.spec.containers[0].image;
      expect({ app, image }).toEqual({ app, image: `authsvc/${app}:${version}` });
    });

    it.each(APPS)('deploys %s with probes on its health port, at HEALTH_PORT', (app) => {
      const container = resource('Deployment', app).spec.template.spec.containers[0];
      const containerPort = container.ports?.find((port: Yaml) => port.name === 'health')?.containerPort;
      expect({ app, containerPort }).toEqual({ app, containerPort: expect.any(Number) });
      const probe = (kind: string) => ({
        path: container[kind]?.httpGet?.path,
        port: portNumber(container, container[kind]?.httpGet?.port),
      });
      expect({ app, readiness: probe('readinessProbe'), liveness: probe('livenessProbe') }).toEqual({
        app,
        readiness: { path: '/health/ready', port: containerPort },
        liveness: { path: '/health/live', port: containerPort },
      });
      const healthPort = container.env?.find((entry: Yaml) => entry.name === 'HEALTH_PORT')?.value;
      expect({ app, healthPort }).toEqual({ app, healthPort: String(containerPort) });
    });

    it.each(APPS)('exposes %s through a Service that selects its pods', (app) => {
      const deployment = resource('Deployment', app);
      const service = resource('Service', app);
      const container = deployment.spec.template.spec.containers[0];
      const targetPorts = service.spec.ports.map((port: Yaml) => portNumber(container, port.targetPort ?? port.port));
      expect({ app, targetPorts }).toEqual({ app, targetPorts: [container.ports[0].containerPort] });
      expect({ app, labels: deployment.spec.template.metadata.labels }).toEqual({
        app,
        labels: expect.objectContaining(service.spec.selector),
      });
    });

    it('holds each README variable once: in the ConfigMap, the Secret, or per Deployment', () => {
      const secretKeys = sorted(Object.keys(resource('Secret', 'authsvc-secrets').stringData ?? {}));
      const configKeys = sorted(Object.keys(resource('ConfigMap', 'authsvc-config').data ?? {}));
      const sources = [...configKeys, ...secretKeys, 'HEALTH_PORT', 'NATS_NKEY_SEED'];
      expect(secretKeys).toEqual(sorted(SECRET_KEYS));
      expect(sorted(sources)).toEqual(allVariables);
      expect({ setTwice: sources.filter((key, index) => sources.indexOf(key) !== index) }).toEqual({ setTwice: [] });
    });

    it.each(APPS)('gives %s exactly the variables it reads: no secret, no setting of another app', (app) => {
      const container = resource('Deployment', app).spec.template.spec.containers[0];
      const env: Yaml[] = container.env ?? [];
      const reference = (entry: Yaml) => entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef;
      expect({ app, envFrom: container.envFrom }).toEqual({ app, envFrom: undefined });
      expect({ app, env: sorted(env.map((entry) => entry.name)) }).toEqual({ app, env: variablesOf(app) });
      // Each variable carries the key of its own name: no value reaches a pod under another name.
      for (const entry of env.filter(reference))
        expect({ app, key: reference(entry).key }).toEqual({ app, key: entry.name });
      const secretsHeld = env
        .filter((entry) => entry.valueFrom?.secretKeyRef?.name === 'authsvc-secrets')
        .map((entry) => entry.name);
      expect({ app, secretsHeld: sorted(secretsHeld) }).toEqual({
        app,
        secretsHeld: SECRET_KEYS.filter((key) => variablesOf(app).includes(key)).sort(),
      });
    });

    it('keeps AUTH_SECRET and DATABASE_URL from the pods that do not read them', () => {
      const holders = (name: string) =>
        APPS.filter((app) =>
          (resource('Deployment', app).spec.template.spec.containers[0].env ?? []).some(
            (entry: Yaml) => entry.name === name,
          ),
        );
      expect(holders('AUTH_SECRET')).toEqual(['gateway', 'identity']);
      expect(holders('DATABASE_URL')).toEqual(['identity', 'session', 'organization', 'mailer']);
      expect(holders('SMTP_URL')).toEqual(['mailer']);
    });

    it.each(APPS)('%s.yaml has the env list `npm run k8s:env` writes', (app) => {
      const keys = sharedKeys(read('k8s/configmap.yaml'), read('k8s/secret.yaml'));
      const manifest = read(`k8s/${app}.yaml`);
      expect(manifest).toBe(withDeploymentEnv(manifest, { readme: read('README.md'), app, ...keys }));
    });

    it.each(APPS)('gives %s only its own NATS credential Secret', (app) => {
      const container = resource('Deployment', app).spec.template.spec.containers[0];
      const secretsUsed = [
        ...(container.envFrom ?? []).map((source: Yaml) => source.secretRef?.name),
        ...(container.env ?? []).map((entry: Yaml) => entry.valueFrom?.secretKeyRef?.name),
      ].filter((name) => name?.startsWith('nats-credential-'));
      const seed = container.env?.find((entry: Yaml) => entry.name === 'NATS_NKEY_SEED')?.valueFrom?.secretKeyRef;
      expect({ app, secretsUsed, seed }).toEqual({
        app,
        secretsUsed: [`nats-credential-${app}`],
        seed: { name: `nats-credential-${app}`, key: 'NATS_NKEY_SEED' },
      });
      expect(Object.keys(resource('Secret', `nats-credential-${app}`).stringData)).toEqual(['NATS_NKEY_SEED']);
    });

    it('denies by default what no NetworkPolicy allows', () => {
      const denial = resource('NetworkPolicy', 'default-deny').spec;
      expect(denial).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    });

    it.each(APPS)(
      'lets %s be reached on its own ports only, and reach DNS and the servers its variables name',
      (app) => {
        const container = resource('Deployment', app).spec.template.spec.containers[0];
        const policy = resource('NetworkPolicy', app).spec;
        const ports = (rules: Yaml[]) => rules.flatMap((rule) => (rule.ports ?? []).map((entry: Yaml) => entry.port));
        expect({ app, selector: policy.podSelector.matchLabels, types: policy.policyTypes }).toEqual({
          app,
          selector: { 'app.kubernetes.io/name': app },
          types: ['Ingress', 'Egress'],
        });
        expect({ app, ingress: ports(policy.ingress) }).toEqual({
          app,
          ingress: container.ports.map((port: Yaml) => port.containerPort),
        });
        // Derived from what the app's config reads, so that a server it connects to cannot be left out (pods
        // crash-loop under a CNI that enforces policies) and no port is open that none of its variables needs.
        const needed = variablesReadBy(app).flatMap((name) => EGRESS_BY_VARIABLE[name] ?? []);
        expect({ app, egress: sorted(ports(policy.egress).map(String)) }).toEqual({
          app,
          egress: sorted(['53', ...needed.map(String)]),
        });
      },
    );

    it.each(APPS)('gives %s every server variable its config reads', (app) => {
      const servers = variablesReadBy(app).filter((name) => name in EGRESS_BY_VARIABLE);
      expect({ app, servers }).toEqual({ app, servers: servers.filter((name) => variablesOf(app).includes(name)) });
    });

    it('lists every manifest in kustomization.yaml', () => {
      const files = readdirSync(join(ROOT, 'k8s')).filter(
        (file) => /\.ya?ml$/.test(file) && !/^kustomization\./.test(file),
      );
      expect(sorted(parse(read('k8s/kustomization.yaml')).resources ?? [])).toEqual(sorted(files));
    });
  });
});
