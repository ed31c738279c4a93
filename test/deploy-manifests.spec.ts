import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse, parseAllDocuments } from 'yaml';
import { nkeys } from '@nats-io/transport-node';
import {
  DatabaseVariables,
  DEV_NATS_NKEY_SEEDS,
  EventStreamVariables,
  loadConfig,
  natsVariables,
  RedisVariables,
  SOCIAL_PROVIDER_IDS,
} from '@authsvc/config';
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
import { buildKustomization, bytes, millicores, missingResources } from './support/kustomization.js';

/**
 * Keeps the deployment files (Dockerfile, docker-compose.yml, k8s/) in step with the environment variable
 * table of docs/configuration.md: every app receives exactly the variables it reads, and every app is deployable and probed.
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

/** The configuration table's rows: variable name → the apps that use it ("all" expanded). */
const readmeVariables = (): Map<string, string[]> => readmeTable(read('docs/configuration.md'));

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

const variablesOf = (app: string): string[] => sorted(readmeVariablesOf(read('docs/configuration.md'), app));

/** Every variable docs/configuration.md documents for `app`, the providers' rows expanded. */
const documentedVariablesOf = (app: string): string[] => sorted([...variablesOf(app), ...providerVariablesOf(app)]);

/** A Compose value as it is when none of its variables is set: `${NAME:-default}` becomes its default. */
const composeDefault = (value: string): string =>
  value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');

const BASE = 'k8s/base';
const OVERLAYS = ['dev', 'prod'] as const;

/** The base's resources, each file parsed (a YAML error names its file). */
const k8sResources = (): Yaml[] => buildKustomization(join(ROOT, BASE));

function resource(kind: string, name: string, resources: Yaml[] = k8sResources()): Yaml {
  const found = resources.find((item) => item?.kind === kind && item.metadata?.name === name);
  if (!found) throw new Error(`${BASE} has no ${kind} named ${name}`);
  return found;
}

/** A probe or Service port given by name or number, as the container port number. */
function portNumber(container: Yaml, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((entry: Yaml) => entry.name === port)?.containerPort;
}

describe('deployment manifests', () => {
  const allVariables = sorted(readmeVariables().keys());

  it('reads the variables from the configuration table', () => {
    expect(allVariables.length).toBeGreaterThan(0);
    expect(allVariables).toEqual(expect.arrayContaining(SECRET_KEYS));
  });

  it.each(APPS)("lists in the configuration table exactly the variables %s's config reads", (app) => {
    expect({ app, variables: variablesReadBy(app) }).toEqual({ app, variables: documentedVariablesOf(app) });
  });

  it('builds one image per app from the Dockerfile', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG APP\b/m);
    expect(dockerfile).toMatch(/^USER node\b/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000\b/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health\/ready/m);
  });

  it('builds every stage on a Node 24 base pinned by digest', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[\w.-]*@sha256:[0-9a-f]{64}$/m);
    const bases = dockerfile.split('\n').filter((line) => line.startsWith('FROM '));
    for (const base of bases) expect(base).toMatch(/^FROM (\$\{NODE_IMAGE\}|build) AS [\w-]+$/);
  });

  it("installs in an image only its app's production dependencies", () => {
    expect(read('Dockerfile')).toMatch(
      /npm ci --omit=dev [^|]*-w "\$workspace" \|\| npm install --omit=dev [^|]*-w "\$workspace"/,
    );
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

    it.each(APPS)('gives %s the time its drain may take before Kubernetes kills it', (app) => {
      const pod = resource('Deployment', app).spec.template.spec;
      const preStop: string[] = pod.containers[0].lifecycle?.preStop?.exec?.command ?? [];
      const pauseSeconds = preStop[0] === 'sleep' ? Number(preStop[1]) : 0;
      const shutdownSeconds = Number(resource('ConfigMap', 'authsvc-config').data.SHUTDOWN_TIMEOUT_MS) / 1000;
      // The gateway is reached through its Service's endpoints: the pause lets load balancers drop it first.
      expect({ app, pauses: pauseSeconds > 0 }).toEqual({ app, pauses: app === 'gateway' });
      // runService ends a process by force 5 s past SHUTDOWN_TIMEOUT_MS; the grace period covers that.
      expect({ app, grace: pod.terminationGracePeriodSeconds }).toEqual({
        app,
        grace: pauseSeconds + shutdownSeconds + 5,
      });
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

    it('holds each documented variable once: in the ConfigMap, the Secret, or per Deployment', () => {
      // Per Deployment: each app's health port, name in traces and NATS credential.
      const secretKeys = sorted(Object.keys(resource('Secret', 'authsvc-secrets').stringData ?? {}));
      const configKeys = sorted(Object.keys(resource('ConfigMap', 'authsvc-config').data ?? {}));
      const sources = [...configKeys, ...secretKeys, 'HEALTH_PORT', 'OTEL_SERVICE_NAME', 'NATS_NKEY_SEED'];
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
      const keys = sharedKeys(read(`${BASE}/configmap.yaml`), read(`${BASE}/secret.yaml`));
      const manifest = read(`${BASE}/${app}.yaml`);
      expect(manifest).toBe(withDeploymentEnv(manifest, { readme: read('docs/configuration.md'), app, ...keys }));
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
      const documented = documentedVariablesOf(app);
      expect({ app, servers }).toEqual({ app, servers: servers.filter((name) => documented.includes(name)) });
    });

    it('lists every manifest of k8s/base in its kustomization.yaml', () => {
      const files = readdirSync(join(ROOT, BASE)).filter(
        (file) => /\.ya?ml$/.test(file) && !/^kustomization\./.test(file),
      );
      expect(sorted(parse(read(`${BASE}/kustomization.yaml`)).resources ?? [])).toEqual(sorted(files));
    });
  });

  describe('k8s/ for production: autoscaling, disruption, placement, security, sizing', () => {
    const podSpec = (app: string) => resource('Deployment', app).spec.template.spec;
    const podLabels = (app: string) => resource('Deployment', app).spec.template.metadata.labels;
    const configData = (resources: Yaml[]) => resource('ConfigMap', 'authsvc-config', resources).data;
    const overlay = (name: string) => buildKustomization(join(ROOT, 'k8s/overlays', name));

    it.each(APPS)('scales %s by CPU with a HorizontalPodAutoscaler that owns its replica count', (app) => {
      const hpa = resource('HorizontalPodAutoscaler', app);
      expect({ app, target: hpa.spec.scaleTargetRef, metrics: hpa.spec.metrics }).toEqual({
        app,
        target: { apiVersion: 'apps/v1', kind: 'Deployment', name: app },
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
          },
        ],
      });
      // A replica count in the Deployment would be reset by every apply, fighting the autoscaler.
      expect({ app, replicas: resource('Deployment', app).spec.replicas }).toEqual({ app, replicas: undefined });
    });

    it.each(APPS)('lets a drain take one %s pod at a time (PodDisruptionBudget)', (app) => {
      const budget = resource('PodDisruptionBudget', app);
      expect({ app, selects: budget.spec.selector.matchLabels, labels: podLabels(app) }).toEqual({
        app,
        selects: budget.spec.selector.matchLabels,
        labels: expect.objectContaining(budget.spec.selector.matchLabels),
      });
      // maxUnavailable, not minAvailable: a one-replica dev deployment can still be drained.
      expect({ app, maxUnavailable: budget.spec.maxUnavailable, minAvailable: budget.spec.minAvailable }).toEqual({
        app,
        maxUnavailable: 1,
        minAvailable: undefined,
      });
    });

    it.each(APPS)('spreads %s pods over zones and nodes', (app) => {
      const constraints: Yaml[] = podSpec(app).topologySpreadConstraints ?? [];
      expect({ app, keys: sorted(constraints.map((constraint) => constraint.topologyKey)) }).toEqual({
        app,
        keys: ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'],
      });
      for (const constraint of constraints) {
        expect({ app, maxSkew: constraint.maxSkew, labels: podLabels(app) }).toEqual({
          app,
          maxSkew: 1,
          labels: expect.objectContaining(constraint.labelSelector.matchLabels),
        });
      }
    });

    it.each(APPS)(
      'runs %s as the restricted Pod Security Standard, on a read-only root with a writable /tmp',
      (app) => {
        const spec = podSpec(app);
        const container = spec.containers[0];
        const pod = spec.securityContext ?? {};
        const own = container.securityContext ?? {};
        expect({
          app,
          runAsNonRoot: own.runAsNonRoot ?? pod.runAsNonRoot,
          nonZeroUser: (own.runAsUser ?? pod.runAsUser) > 0,
          seccomp: (own.seccompProfile ?? pod.seccompProfile)?.type,
          allowPrivilegeEscalation: own.allowPrivilegeEscalation,
          readOnlyRootFilesystem: own.readOnlyRootFilesystem,
          capabilities: own.capabilities,
          privileged: own.privileged,
        }).toEqual({
          app,
          runAsNonRoot: true,
          nonZeroUser: true,
          seccomp: 'RuntimeDefault',
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
          privileged: undefined,
        });
        const tmp = container.volumeMounts?.find((mount: Yaml) => mount.mountPath === '/tmp');
        const volume = spec.volumes?.find((entry: Yaml) => entry.name === tmp?.name);
        expect({ app, tmp: volume?.emptyDir }).toEqual({ app, tmp: expect.any(Object) });
      },
    );

    it('enforces the restricted Pod Security Standard on the namespace', () => {
      expect(resource('Namespace', 'authsvc').metadata.labels).toEqual(
        expect.objectContaining({ 'pod-security.kubernetes.io/enforce': 'restricted' }),
      );
    });

    it.each(APPS)('requests and limits CPU and memory for %s (memory never overcommitted)', (app) => {
      const { requests, limits } = podSpec(app).containers[0].resources ?? {};
      const cpu = { request: millicores(requests?.cpu ?? 0), limit: millicores(limits?.cpu ?? 0) };
      const memory = { request: bytes(requests?.memory ?? 0), limit: bytes(limits?.memory ?? 0) };
      expect({ app, cpuRequested: cpu.request > 0, cpuWithinLimit: cpu.request <= cpu.limit }).toEqual({
        app,
        cpuRequested: true,
        cpuWithinLimit: true,
      });
      expect({ app, memoryRequested: memory.request > 0, limit: memory.limit }).toEqual({
        app,
        memoryRequested: true,
        limit: memory.request,
      });
    });

    it("runs as many bcrypt threads as identity's CPU limit allows", () => {
      const limit = millicores(podSpec('identity').containers[0].resources.limits.cpu);
      expect(Number(configData(k8sResources()).BCRYPT_CONCURRENCY) * 1000).toBe(limit);
    });

    it('lists in each kustomization only files and directories that exist', () => {
      for (const directory of [BASE, ...OVERLAYS.map((name) => `k8s/overlays/${name}`)]) {
        expect({ directory, missing: missingResources(join(ROOT, directory)) }).toEqual({ directory, missing: [] });
      }
    });

    // dev: one replica each; prod: three or more each, over zones; both on the three-node NATS of base/nats.yaml.
    it.each([
      { name: 'dev', minReplicas: 1, maxReplicas: 2, jetStreamReplicas: '3' },
      { name: 'prod', minReplicas: 3, maxReplicas: 10, jetStreamReplicas: '3' },
    ])(
      'runs $name with $minReplicas to $maxReplicas replicas of each app and $jetStreamReplicas JetStream copies',
      ({ name, minReplicas, maxReplicas, jetStreamReplicas }) => {
        const resources = overlay(name);
        for (const app of APPS) {
          const { spec } = resource('HorizontalPodAutoscaler', app, resources);
          expect({ app, min: spec.minReplicas, max: spec.maxReplicas }).toEqual({
            app,
            min: minReplicas,
            max: maxReplicas,
          });
        }
        expect(configData(resources).JETSTREAM_REPLICAS).toBe(jetStreamReplicas);
      },
    );

    it.each(OVERLAYS)('holds in the %s overlay sizing values the apps accept', (name) => {
      const data = configData(overlay(name));
      const sizing = { ...DatabaseVariables, ...EventStreamVariables };
      expect(() => loadConfig(sizing, data)).not.toThrow();
      expect(data).toEqual(expect.objectContaining({ JETSTREAM_REPLICAS: expect.any(String) }));
      expect(data).toEqual(expect.objectContaining({ DATABASE_POOL_SIZE: expect.any(String) }));
    });

    it("publishes the gateway in prod through a TLS Ingress at BASE_URL's host, behind TRUSTED_PROXIES", () => {
      const resources = overlay('prod');
      const ingress = resource('Ingress', 'gateway', resources);
      const data = configData(resources);
      const baseUrl = new URL(data.BASE_URL);
      expect(baseUrl.protocol).toBe('https:');
      expect(ingress.spec.rules.map((rule: Yaml) => rule.host)).toEqual([baseUrl.hostname]);
      expect(ingress.spec.tls).toEqual([expect.objectContaining({ hosts: [baseUrl.hostname] })]);
      const backend = ingress.spec.rules[0].http.paths[0].backend.service;
      const servicePorts = resource('Service', 'gateway', resources).spec.ports.map((port: Yaml) => port.name);
      expect({ name: backend.name, portKnown: servicePorts.includes(backend.port.name) }).toEqual({
        name: 'gateway',
        portKnown: true,
      });
      expect(Number(data.TRUSTED_PROXIES)).toBeGreaterThanOrEqual(1);
    });

    const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
    const withKubectl = kubectl.status === 0 ? it.each(OVERLAYS) : it.skip.each(OVERLAYS);
    withKubectl('builds the %s overlay with kubectl kustomize as these tests read it', (name) => {
      const built = spawnSync('kubectl', ['kustomize', `k8s/overlays/${name}`], { cwd: ROOT, encoding: 'utf8' });
      expect({ status: built.status, stderr: built.stderr }).toEqual({ status: 0, stderr: '' });
      const key = (item: Yaml) => `${item.kind}/${item.metadata.name}`;
      const byKey = (items: Yaml[]) => Object.fromEntries(items.map((item) => [key(item), item]));
      expect(byKey(parseAllDocuments(built.stdout).map((document) => document.toJS()))).toEqual(byKey(overlay(name)));
    });
  });
});
