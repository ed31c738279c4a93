#!/usr/bin/env node
// Writes docs/events/schemas/<type>.json, the JSON Schema of each event other systems subscribe to, from its
// contract classes in libs/contracts. Run after changing an event's payload classes; test/event-schemas.spec.ts
// fails while the files are stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_SCHEMAS_DIRECTORY, eventSchemaFiles } from '@authsvc/contracts';

const files = eventSchemaFiles();
mkdirSync(EVENT_SCHEMAS_DIRECTORY, { recursive: true });
// A schema of an event type no longer published goes with it.
for (const name of readdirSync(EVENT_SCHEMAS_DIRECTORY)) {
  const path = join(EVENT_SCHEMAS_DIRECTORY, name);
  if (!(path in files)) {
    rmSync(path);
    console.log(`removed ${path}`);
  }
}
for (const [path, content] of Object.entries(files)) {
  writeFileSync(path, content);
  console.log(`wrote ${path}`);
}
