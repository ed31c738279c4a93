#!/usr/bin/env node
// Writes the NATS server's authorization (nats/nats-server.conf, its Kubernetes ConfigMap and the local
// development variant) from the NATS access each app declares in libs/contracts. Run after changing what an app
// serves, calls, publishes or consumes; test/nats-server-config.spec.ts fails while the files are stale.
import { writeFileSync } from 'node:fs';
import { natsServerConfigFiles } from './nats-config/dist/nats-server-config-files.js';

for (const [path, content] of Object.entries(natsServerConfigFiles())) {
  writeFileSync(path, content);
  console.log(`wrote ${path}`);
}
