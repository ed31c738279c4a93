import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsPublicKeyVariable } from '@authsvc/platform';

/**
 * Keeps the deployment files (Dockerfile, docker-compose.yml, k8s/) in step with the environment variable
 * table of README.md: every app receives exactly the variables it reads, and every app is deployable and probed.
 */
const ROOT = process.cwd();
const APPS = ['gateway', 'identity', 'session', 'organization', 'mailer'];
const SECRET_KEYS = [
  'AUTH_SECRET',
  'AUTH_SECRETS_PREVIOUS',
  'DATA_ENCRYPTION_KEY',
  'DATA_ENCRYPTION_KEYS_PREVIOUS',
  'DATABASE_URL',
  'SMTP_URL',
  'CAPTCHA_SECRET_KEY',
];

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML is untyped */
type Yaml = any;

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The README table rows: variable name → the apps that use it ("all" expanded). */
function readmeVariables(): Map<string, string[]> {
  const readme = read('README.md');
  const table = readme.slice(readme.indexOf('<!-- env-table:start -->'), readme.indexOf('<!-- env-table:end -->'));
  const variables = new Map<string, string[]>();
  for (const line of table.split('\n')) {
    const [name = '', usedBy = ''] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const match = /^`([A-Z][A-Z0-9_]*)`$/.exec(name);
    if (!match) continue;
    const apps = usedBy.split(',').map((app) => app.trim().toLowerCase());
    variables.set(match[1], apps.includes('all') ? APPS : apps);
  }
  return variables;
}

function variablesOf(app: string): string[] {
  return sorted([...readmeVariables()].filter(([, apps]) => apps.includes(app)).map(([name]) => name));
}

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

    it('runs every app and its infrastructure, NATS with JetStream', () => {
      expect(sorted(Object.keys(services))).toEqual(sorted([...APPS, 'postgres', 'redis', 'nats']));
      const natsCommand = [services.nats.command ?? []].flat().join(' ');
      expect({ natsCommand }).toEqual({ natsCommand: expect.stringMatching(/(^|\s)(-js|--jetstream)(\s|$)/) });
    });

    it('runs NATS with the generated authorization, each public key from the environment', () => {
      const natsCommand = [services.nats.command ?? []].flat().join(' ');
      const config = /(?:^|\s)-c\s+(\S+)/.exec(natsCommand)?.[1];
      expect(services.nats.volumes).toContain(`./nats/nats-server.conf:${config}:ro`);
      const users = NATS_ACCESS.map(({ user }) => natsPublicKeyVariable(user));
      expect(sorted(Object.keys(services.nats.environment ?? {}))).toEqual(sorted(users));
    });

    it.each(APPS)('gives %s only its own NATS credential', (app) => {
      expect({ app, seed: services[app].environment?.NATS_NKEY_SEED }).toEqual({
        app,
        seed: expect.stringMatching(new RegExp(`^\\$\\{${natsPublicKeyVariable(app)}_SEED:\\?`)),
      });
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

    it.each(APPS)('deploys %s with probes on its port and the shared ConfigMap and Secret', (app) => {
      const container = resource('Deployment', app).spec.template.spec.containers[0];
      const containerPort = container.ports?.[0]?.containerPort;
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
      expect({ app, envFrom: container.envFrom }).toEqual({
        app,
        envFrom: expect.arrayContaining([
          { configMapRef: { name: 'authsvc-config' } },
          { secretRef: { name: 'authsvc-secrets' } },
        ]),
      });
      const healthPort = container.env?.find((entry: Yaml) => entry.name === 'HEALTH_PORT')?.value;
      if (healthPort !== undefined) expect({ app, healthPort }).toEqual({ app, healthPort: String(containerPort) });
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

    it('sets every README variable in exactly one place: ConfigMap, Secret or the Deployments', () => {
      const secretKeys = sorted(Object.keys(resource('Secret', 'authsvc-secrets').stringData ?? {}));
      const configKeys = sorted(Object.keys(resource('ConfigMap', 'authsvc-config').data ?? {}));
      const deploymentKeys = sorted(
        APPS.flatMap((app) =>
          (resource('Deployment', app).spec.template.spec.containers[0].env ?? []).map((entry: Yaml) => entry.name),
        ),
      );
      const sources = [...configKeys, ...secretKeys, ...deploymentKeys];
      expect(secretKeys).toEqual(sorted(SECRET_KEYS));
      expect(sorted(sources)).toEqual(allVariables);
      expect({ setTwice: sources.filter((key, index) => sources.indexOf(key) !== index) }).toEqual({ setTwice: [] });
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

    it.each(APPS)('lets %s be reached on its own port only, and reach NATS and DNS', (app) => {
      const container = resource('Deployment', app).spec.template.spec.containers[0];
      const policy = resource('NetworkPolicy', app).spec;
      const ports = (rules: Yaml[]) => rules.flatMap((rule) => (rule.ports ?? []).map((entry: Yaml) => entry.port));
      expect({ app, selector: policy.podSelector.matchLabels, types: policy.policyTypes }).toEqual({
        app,
        selector: { 'app.kubernetes.io/name': app },
        types: ['Ingress', 'Egress'],
      });
      expect({ app, ingress: ports(policy.ingress) }).toEqual({ app, ingress: [container.ports[0].containerPort] });
      expect({ app, egress: ports(policy.egress) }).toEqual({ app, egress: expect.arrayContaining([53, 4222]) });
    });

    it('lists every manifest in kustomization.yaml', () => {
      const files = readdirSync(join(ROOT, 'k8s')).filter(
        (file) => /\.ya?ml$/.test(file) && !/^kustomization\./.test(file),
      );
      expect(sorted(parse(read('k8s/kustomization.yaml')).resources ?? [])).toEqual(sorted(files));
    });
  });
});
