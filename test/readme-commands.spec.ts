import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every npm command the documentation tells a reader to type exists: `npm run X` and `npm X` name a script of
 * package.json (of the workspace given with -w), `npx X` a binary the install provides.
 */
const ROOT = process.cwd();
const DOCUMENTS = [
  'README.md',
  'k8s/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
/** npm's own commands that the documents use; anything else after `npm` must be a script. */
const NPM_BUILT_INS = ['install', 'ci'];
/** npm runs these scripts without `run`. */
const SCRIPT_SHORTCUTS = ['start', 'test', 'stop', 'restart'];

interface Command {
  readonly document: string;
  readonly text: string;
}

function commandsIn(document: string, tool: 'npm' | 'npx'): Command[] {
  const text = readFileSync(join(ROOT, document), 'utf8');
  // Up to the end of the code span, line, table cell, shell operator or comment.
  const pattern = new RegExp(`(?<![\\w./-])${tool} +([^\`\\n|;&)#]*)`, 'g');
  return [...text.matchAll(pattern)].map((match) => ({ document, text: `${tool} ${match[1].trim()}` }));
}

function scriptsOf(workspace?: string): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, workspace ?? '.', 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return Object.keys(manifest.scripts ?? {});
}

/** What is wrong with an npm command line, or undefined when it runs. */
function npmProblem(line: string): string | undefined {
  const words = line.split(/\s+/).slice(1);
  const flagAt = words.findIndex((word) => word === '-w' || word === '--workspace');
  const workspace = flagAt >= 0 ? words[flagAt + 1] : undefined;
  const [command, ...rest] = words.filter(
    (word, index) => !word.startsWith('-') && (flagAt < 0 || index !== flagAt + 1),
  );
  if (command === undefined) return 'no command';
  const script = command === 'run' || command === 'run-script' ? rest[0] : command;
  if (command === script && NPM_BUILT_INS.includes(command)) return undefined;
  if (command === script && !SCRIPT_SHORTCUTS.includes(command)) return `"${command}" is no npm command we document`;
  if (script === undefined) return 'no script named';
  const scripts = scriptsOf(workspace);
  return scripts.includes(script) ? undefined : `no script "${script}" in ${workspace ?? '.'}/package.json`;
}

describe('commands in the documentation', () => {
  const npm = DOCUMENTS.flatMap((document) => commandsIn(document, 'npm'));
  const npx = DOCUMENTS.flatMap((document) => commandsIn(document, 'npx'));

  it('finds the commands of the quick start', () => {
    expect(npm.map(({ text }) => text)).toEqual(expect.arrayContaining(['npm install', 'npm start', 'npm test']));
  });

  it('names only scripts that package.json defines', () => {
    const problems = npm
      .map((command) => ({ ...command, problem: npmProblem(command.text) }))
      .filter(({ problem }) => problem !== undefined);
    expect(problems).toEqual([]);
  });

  it('runs with npx only binaries the install provides', () => {
    const missing = npx
      .map((command) => ({ ...command, binary: command.text.split(/\s+/)[1] }))
      .filter(({ binary }) => !existsSync(join(ROOT, 'node_modules/.bin', binary)));
    expect(missing).toEqual([]);
  });

  it('recognises a script that does not exist', () => {
    expect(npmProblem('npm run no-such-script')).toMatch(/no script "no-such-script"/);
    expect(npmProblem('npm run -s nats:keys')).toBeUndefined();
    expect(npmProblem('npm run build -w web')).toBeUndefined();
    expect(npmProblem('npm run bench -w web')).toMatch(/no script "bench" in web/);
    expect(npmProblem('npm lint')).toMatch(/no npm command/);
  });
});
