import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { APPS, sharedKeys, withDeploymentEnv } from '../scripts/deployment-env.mjs';
import {
  ROOT,
  SECRET_KEYS,
  EGRESS_BY_VARIABLE,
  variablesReadBy,
  type Yaml,
  read,
  readmeVariables,
  sorted,
  variablesOf,
  documentedVariablesOf,
  BASE,
  resource,
  portNumber,
} from './support/deployment-files.js';

describe('deployment manifests', () => {
  const allVariables = sorted(readmeVariables().keys());

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
});
