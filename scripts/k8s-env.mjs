#!/usr/bin/env node
// Writes each Kubernetes Deployment's env list (k8s/base/<app>.yaml) from docs/configuration.md's variable table: every app gets
// the variables it reads, each from the shared ConfigMap or Secret by key, and nothing else. Run after adding a
// variable or changing who reads it; test/deploy-k8s.spec.ts fails while a Deployment is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { APPS, sharedKeys, withDeploymentEnv } from './deployment-env.mjs';

const readme = readFileSync('docs/configuration.md', 'utf8');
const keys = sharedKeys(readFileSync('k8s/base/configmap.yaml', 'utf8'), readFileSync('k8s/base/secret.yaml', 'utf8'));
for (const app of APPS) {
  const path = `k8s/base/${app}.yaml`;
  writeFileSync(path, withDeploymentEnv(readFileSync(path, 'utf8'), { readme, app, ...keys }));
  console.log(`wrote ${path}`);
}
