import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { natsServerConfigFiles } from '../scripts/nats-config/nats-server-config-files.js';

/** The committed NATS authorization is what the apps' declared access generates: it cannot drift from the code. */
describe('generated NATS server configuration', () => {
  it.each(Object.entries(natsServerConfigFiles()))('%s is up to date (else: npm run nats:config)', (path, content) => {
    expect(readFileSync(join(process.cwd(), path), 'utf8')).toBe(content);
  });
});
