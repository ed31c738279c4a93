import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.cwd();
const SERVICES = ['identity', 'session', 'organization', 'mailer'];

function sourcesOf(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith('migrations'))
    .map((file) => readFileSync(join(directory, file), 'utf8'));
}

// The e2e stacks start on a copy of a template migrated from every file in src/migrations
// (gateway/test/support/migrate-template.mjs): a migration the service does not list would pass there and be
// missing in production, so each must be named by the service's own code.
describe.each(SERVICES)('the %s service', (service) => {
  const source = join(ROOT, 'services', service, 'src');
  const code = sourcesOf(source).join('\n');
  const migrations = readdirSync(join(source, 'migrations')).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'),
  );

  it.each(migrations)('runs migration %s', (file) => {
    const text = readFileSync(join(source, 'migrations', file), 'utf8');
    const [, name] = /export class (\w+)/.exec(text) ?? [];
    expect(name).toBeDefined();
    expect(code).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
