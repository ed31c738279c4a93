// Which environment variables each app reads, from the one place that says so: the variable table of docs/configuration.md
// (its "used by" column). docker-compose.yml and the Kubernetes Deployments give each app exactly those;
// `npm run k8s:env` writes the Deployments' env lists from here, and test/deploy-manifests.spec.ts (Compose) and
// test/deploy-k8s.spec.ts (k8s/) check them.
import { parseAllDocuments } from 'yaml';

export const APPS = ['gateway', 'identity', 'session', 'organization', 'mailer'];

/** The configuration table's rows, in table order: variable name → the apps that read it ("all" expanded). */
export function readmeVariables(readme) {
  const table = readme.slice(readme.indexOf('<!-- env-table:start -->'), readme.indexOf('<!-- env-table:end -->'));
  const variables = new Map();
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

/** The variables `app` reads, in the configuration table's order. */
export function variablesOf(readme, app) {
  return [...readmeVariables(readme)].filter(([, apps]) => apps.includes(app)).map(([name]) => name);
}

/**
 * The env list of `app`'s Deployment: each variable it reads, taken from the ConfigMap or the Secret by key, so
 * that no pod holds a value (a secret above all) it does not read.
 */
export function deploymentEnv({ readme, app, configKeys, secretKeys, healthPort }) {
  return variablesOf(readme, app).map((name) => {
    // Set per Deployment, not shared: each app's own health port, trace service name and NATS credential.
    if (name === 'HEALTH_PORT') return { name, value: String(healthPort) };
    if (name === 'OTEL_SERVICE_NAME') return { name, value: app };
    if (name === 'NATS_NKEY_SEED') return secretEntry(name, `nats-credential-${app}`);
    if (configKeys.includes(name))
      return { name, valueFrom: { configMapKeyRef: { name: 'authsvc-config', key: name } } };
    if (secretKeys.includes(name)) return secretEntry(name, 'authsvc-secrets');
    throw new Error(`${name} (read by ${app}) is in neither k8s/base/configmap.yaml nor k8s/base/secret.yaml`);
  });
}

function secretEntry(name, secret) {
  return { name, valueFrom: { secretKeyRef: { name: secret, key: name } } };
}

/** The YAML lines of an env list, one flow mapping per source, at the indentation of a container's keys. */
function envLines(env, indent) {
  const item = ' '.repeat(indent + 2);
  const lines = [
    `${' '.repeat(indent)}env:`,
    `${item}# Written by \`npm run k8s:env\` from docs/configuration.md's table: what this app reads.`,
  ];
  for (const { name, value, valueFrom } of env) {
    lines.push(`${item}- name: ${name}`);
    if (value !== undefined) {
      lines.push(`${item}  value: '${value}'`);
      continue;
    }
    const [kind, { name: source, key }] = Object.entries(valueFrom)[0];
    lines.push(`${item}  valueFrom: { ${kind}: { name: ${source}, key: ${key} } }`);
  }
  return lines;
}

/** The keys of the shared ConfigMap and Secret, from their manifests. */
export function sharedKeys(configMapYaml, secretYaml) {
  const first = (text) => parseAllDocuments(text)[0].toJS();
  return {
    configKeys: Object.keys(first(configMapYaml).data ?? {}),
    secretKeys: Object.keys(first(secretYaml).stringData ?? {}),
  };
}

/** `manifest` (an app's k8s file) with its Deployment's env list rewritten from the configuration table. */
export function withDeploymentEnv(manifest, { readme, app, configKeys, secretKeys }) {
  const deployment = parseAllDocuments(manifest)
    .map((document) => document.toJS())
    .find((resource) => resource?.kind === 'Deployment');
  if (!deployment) throw new Error(`k8s/base/${app}.yaml has no Deployment`);
  const healthPort = deployment.spec.template.spec.containers[0].ports.find(
    (port) => port.name === 'health',
  )?.containerPort;
  if (healthPort === undefined) throw new Error(`k8s/base/${app}.yaml: its container has no port named "health"`);
  const env = deploymentEnv({ readme, app, configKeys, secretKeys, healthPort });
  const lines = manifest.split('\n');
  const start = lines.findIndex((line) => /^\s+env:$/.test(line));
  if (start < 0) throw new Error(`k8s/base/${app}.yaml: its container has no "env:" list to rewrite`);
  const indent = lines[start].indexOf('env:');
  let end = start + 1;
  while (end < lines.length && (lines[end].trim() === '' || lines[end].search(/\S/) > indent)) end += 1;
  return [...lines.slice(0, start), ...envLines(env, indent), ...lines.slice(end)].join('\n');
}
