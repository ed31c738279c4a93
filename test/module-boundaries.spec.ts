import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Enforces the Nx tags of every project.json: services and the gateway depend on libs only, never on each
 * other; libs depend downwards only; the web client (a browser app, talking HTTP only) depends on none of them;
 * no service names another service's Postgres schema in SQL.
 */
const ROOT = process.cwd();
const ALLOWED: Record<string, readonly string[]> = {
  'type:errors': [],
  'type:config': [],
  'type:contracts': ['type:errors'],
  'type:platform': ['type:errors', 'type:config', 'type:contracts'],
  'type:read-model': ['type:errors', 'type:config', 'type:contracts', 'type:platform'],
  'type:service': ['type:errors', 'type:config', 'type:contracts', 'type:platform', 'type:read-model'],
  'type:gateway': ['type:errors', 'type:config', 'type:contracts', 'type:platform'],
  'type:web': [],
};
const SERVICE_SCHEMAS = ['identity', 'session', 'organization', 'mailer'];

interface Project {
  readonly name: string;
  readonly root: string;
  readonly tag: string;
}

const projects: Project[] = [
  'libs/errors',
  'libs/config',
  'libs/contracts',
  'libs/platform',
  'libs/identity-users',
  'gateway',
  'web',
]
  .concat(SERVICE_SCHEMAS.map((service) => `services/${service}`))
  .map((root) => {
    const definition = JSON.parse(readFileSync(join(ROOT, root, 'project.json'), 'utf8'));
    return { name: definition.name, root, tag: definition.tags[0] };
  });

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return entry === 'dist' || entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from '([^']+)'|import '([^']+)'/g)].map((match) => match[1] ?? match[2]);
}

function owningProject(path: string): Project | undefined {
  return projects.find((project) => path === project.root || path.startsWith(`${project.root}/`));
}

describe('module boundaries', () => {
  it.each(projects.map((project) => [project.name, project] as const))(
    '%s imports only what its tag allows',
    (_name, project) => {
      const violations: string[] = [];
      for (const file of sourceFiles(join(ROOT, project.root, 'src'))) {
        for (const specifier of importsOf(file)) {
          let target: Project | undefined;
          if (specifier.startsWith('@authsvc/'))
            target = projects.find((candidate) => candidate.name === specifier.slice(9));
          else if (specifier.startsWith('.')) target = owningProject(relative(ROOT, join(file, '..', specifier)));
          if (!target || target === project) continue;
          if (!ALLOWED[project.tag].includes(target.tag)) violations.push(`${relative(ROOT, file)} → ${specifier}`);
        }
      }
      expect(violations).toEqual([]);
    },
  );

  it.each(SERVICE_SCHEMAS)("no other service's SQL names the %s schema", (schema) => {
    const offenders = projects
      .filter((project) => project.tag === 'type:service' && project.name !== schema)
      .flatMap((project) => sourceFiles(join(ROOT, project.root, 'src')))
      .filter((file) => new RegExp(`["\\s(]${schema}\\.[a-z_]+`).test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
