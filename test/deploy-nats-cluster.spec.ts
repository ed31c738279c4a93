import { join } from 'node:path';
import { EventStreamVariables, loadConfig, natsVariables } from '@authsvc/config';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsPublicKeyVariable } from '@authsvc/platform';
import { buildKustomization } from './support/kustomization.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML is untyped */
type Yaml = any;

/**
 * The NATS cluster of k8s/ (base/nats.yaml), beside test/deploy-k8s*.spec.ts (the apps' manifests): three
 * JetStream nodes that find each other, keep their stores, enforce the generated authorization, and that the apps
 * reach at every node.
 */
const ROOT = process.cwd();
const base = () => buildKustomization(join(ROOT, 'k8s/base'));
const overlay = (name: string) => buildKustomization(join(ROOT, 'k8s/overlays', name));

function resource(resources: Yaml[], kind: string, name: string): Yaml {
  const found = resources.find((item) => item?.kind === kind && item.metadata?.name === name);
  if (!found) throw new Error(`k8s/base has no ${kind} named ${name}`);
  return found;
}

/** The value of a `--name=value` argument of nats-server. */
function argument(container: Yaml, name: string): string | undefined {
  const prefix = `--${name}=`;
  return (container.args as string[]).find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const portOf = (container: Yaml, name: string): number =>
  container.ports.find((port: Yaml) => port.name === name)?.containerPort;

describe('k8s/ NATS cluster', () => {
  const resources = base();
  const statefulSet = resource(resources, 'StatefulSet', 'nats');
  const pod = statefulSet.spec.template.spec;
  const container = pod.containers[0];
  const replicas: number = statefulSet.spec.replicas;
  const nodes = Array.from({ length: replicas }, (_, index) => `nats-${index}.${statefulSet.spec.serviceName}`);

  it('runs three JetStream nodes of one cluster, named by their pods, behind a headless Service', () => {
    expect(replicas).toBe(3);
    expect(container.args).toEqual(expect.arrayContaining(['--jetstream']));
    expect(argument(container, 'name')).toBe('$(POD_NAME)');
    expect(container.env).toContainEqual({ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });
    const service = resource(resources, 'Service', statefulSet.spec.serviceName);
    expect({ clusterIP: service.spec.clusterIP, notReady: service.spec.publishNotReadyAddresses }).toEqual({
      clusterIP: 'None',
      notReady: true,
    });
    expect(statefulSet.spec.template.metadata.labels).toEqual(expect.objectContaining(service.spec.selector));
  });

  it('routes every node to every node on the cluster port', () => {
    const routes = argument(container, 'routes')?.split(',');
    const clusterPort = portOf(container, 'cluster');
    expect(routes).toEqual(nodes.map((node) => `nats://${node}:${clusterPort}`));
    expect(argument(container, 'cluster')).toBe(`nats://0.0.0.0:${clusterPort}`);
  });

  it('keeps each node its store on a persistent volume claim', () => {
    const store = argument(container, 'store_dir');
    const mount = container.volumeMounts.find((entry: Yaml) => entry.mountPath === store);
    const claim = statefulSet.spec.volumeClaimTemplates.find((entry: Yaml) => entry.metadata.name === mount?.name);
    expect(claim?.spec.accessModes).toEqual(['ReadWriteOnce']);
    expect(claim?.spec.resources.requests.storage).toEqual(expect.any(String));
  });

  it('enforces the generated authorization, each public key it names from the public-keys ConfigMap', () => {
    const config = argument(container, 'config')!;
    const mount = container.volumeMounts.find((entry: Yaml) => config.startsWith(`${entry.mountPath}/`));
    const volume = pod.volumes.find((entry: Yaml) => entry.name === mount?.name);
    const authorization = resource(resources, 'ConfigMap', volume.configMap.name).data;
    expect(Object.keys(authorization)).toEqual([config.slice(mount.mountPath.length + 1)]);
    const named = [...(Object.values(authorization)[0] as string).matchAll(/\$(AUTHSVC_\w+_NKEY)\b/g)].map(
      ([, variable]) => variable,
    );
    const keys = container.envFrom.map((source: Yaml) => resource(resources, 'ConfigMap', source.configMapRef.name));
    const provided = keys.flatMap((map: Yaml) => Object.keys(map.data));
    expect(new Set(named)).toEqual(new Set(NATS_ACCESS.map(({ user }) => natsPublicKeyVariable(user))));
    expect(provided.sort()).toEqual([...new Set(named)].sort());
  });

  it("lists every node in the apps' NATS_URL, which the apps accept", () => {
    const data = resource(resources, 'ConfigMap', 'authsvc-config').data;
    const servers = loadConfig(natsVariables('gateway'), { NODE_ENV: 'test', NATS_URL: data.NATS_URL }).NATS_URL;
    expect(servers.map(String)).toEqual(nodes.map((node) => `nats://${node}:${portOf(container, 'client')}`));
  });

  it.each(['dev', 'prod'])('keeps in %s no more JetStream copies than there are nodes (prod: one per node)', (name) => {
    const built = overlay(name);
    const data = resource(built, 'ConfigMap', 'authsvc-config').data;
    const copies = loadConfig(EventStreamVariables, data).JETSTREAM_REPLICAS;
    expect(copies).toBeLessThanOrEqual(resource(built, 'StatefulSet', 'nats').spec.replicas);
    if (name === 'prod') expect(copies).toBe(3);
  });

  it('lets the apps reach the client port and the nodes each other on the cluster port, nothing else', () => {
    const policy = resource(resources, 'NetworkPolicy', 'nats').spec;
    const rule = (rules: Yaml[], peer: string) =>
      rules
        .filter((entry) => entry.from?.[0]?.podSelector ?? entry.to?.[0]?.podSelector)
        .map((entry) => ({
          peer: Object.entries((entry.from ?? entry.to)[0].podSelector.matchLabels)[0].join('='),
          ports: entry.ports.map(({ port }: Yaml) => port),
        }))
        .filter((entry) => entry.peer === peer);
    expect(policy.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(rule(policy.ingress, 'app.kubernetes.io/part-of=authsvc')).toEqual([
      { peer: 'app.kubernetes.io/part-of=authsvc', ports: [portOf(container, 'client')] },
    ]);
    for (const rules of [policy.ingress, policy.egress]) {
      expect(rule(rules, 'app.kubernetes.io/name=nats')).toEqual([
        { peer: 'app.kubernetes.io/name=nats', ports: [portOf(container, 'cluster')] },
      ]);
    }
  });

  it('runs the nodes as the restricted Pod Security Standard, one drained at a time, with a versioned image', () => {
    expect({
      runAsNonRoot: pod.securityContext.runAsNonRoot,
      nonZeroUser: pod.securityContext.runAsUser > 0,
      seccomp: pod.securityContext.seccompProfile.type,
      own: container.securityContext,
    }).toEqual({
      runAsNonRoot: true,
      nonZeroUser: true,
      seccomp: 'RuntimeDefault',
      own: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
    });
    expect(container.image).toMatch(/^nats:\d[\w.-]*$/);
    expect(resource(resources, 'PodDisruptionBudget', 'nats').spec.maxUnavailable).toBe(1);
  });
});
