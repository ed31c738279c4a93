import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { DatabaseVariables, EventStreamVariables, loadConfig } from '@authsvc/config';
import { APPS } from '../scripts/deployment-env.mjs';
import { buildKustomization, bytes, millicores, missingResources } from './support/kustomization.js';
import { ROOT, type Yaml, sorted, BASE, OVERLAYS, k8sResources, resource } from './support/deployment-files.js';

describe('deployment manifests', () => {
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
