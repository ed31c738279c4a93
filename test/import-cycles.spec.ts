import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = process.cwd();
const SOURCES = ['libs', 'services', 'gateway/src', 'web/src'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [resolve(path)] : [];
  });
}

/** The files a module imports by relative path, type-only imports included (they tie modules together as much). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'/g)].flatMap(([, path]) => {
    const base = resolve(dirname(file), path.replace(/\.js$/, ''));
    const found = ['.ts', '.tsx', '/index.ts']
      .map((suffix) => base + suffix)
      .find((candidate) => existsSync(candidate));
    return found ? [found] : [];
  });
}

/**
 * Folders whose dependency runs one way only: the first never imports from the second. The session service's user
 * views know nothing of sessions; what a change of the user does to session entries is the sessions' part.
 */
const ONE_WAY: readonly (readonly [string, string])[] = [
  ['services/session/src/user-snapshot', 'services/session/src/session'],
];

/** Each cycle found by a depth-first walk, as the files around it. */
function cyclesIn(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'visiting');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Modules that import each other cannot be understood, tested or moved apart: the tree has no import cycle. */
describe('import cycles', () => {
  it('finds none in libs, services, the gateway and the web client', () => {
    const files = SOURCES.flatMap((source) => sourceFiles(join(ROOT, source)));
    const cycles = cyclesIn(files).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

describe('one-way folder dependencies', () => {
  it.each(ONE_WAY)('%s imports nothing from %s', (folder, forbidden) => {
    const offending = sourceFiles(join(ROOT, folder)).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(join(ROOT, forbidden, '/')))
        .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
    );
    expect(offending).toEqual([]);
  });
});
