import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TestStack } from '../gateway/test/support/test-stack.js';

const ROOT = process.cwd();

/** The shell blocks of documents, in order, as one script. */
function shellOf(documents: readonly string[]): string {
  const text = documents.map((document) => readFileSync(join(ROOT, document), 'utf8')).join('\n');
  return [...text.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]).join('\n');
}

/**
 * The documents whose commands are one sequence, run as written against one started stack: only the address
 * differs (the stack's port), and curl fails the run on any HTTP error answer, so a command that stopped working
 * fails the test. Each makes its own users, so they run one after another on the same database.
 */
describe('the documents run as written', () => {
  let stack: TestStack;
  /** Files the documents write in the directory they run in. */
  const written = new Set<string>();

  beforeAll(async () => {
    stack = await TestStack.start({ DEV_MAILBOX_ENABLED: 'true', RATE_LIMIT_ENABLED: 'false' });
  });

  afterAll(async () => {
    for (const file of written) rmSync(join(ROOT, file), { force: true });
    await stack?.stop();
  });

  /**
   * What the commands of documents read one after another print. When one fails, the error ends with the last
   * commands run (bash -x) and what they printed.
   */
  async function run(documents: readonly string[], writes: readonly string[]): Promise<string> {
    for (const file of writes) written.add(file);
    const script = shellOf(documents).replaceAll('http://localhost:3000', stack.baseUrl);
    const failOnHttpErrors = 'curl() { command curl --fail-with-body "$@"; }\n';
    const shell = promisify(execFile)('bash', ['-xeuo', 'pipefail', '-c', failOnHttpErrors + script], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? ROOT,
        NATS_URL: stack.natsUrl,
        NATS_NKEY_SEED: stack.natsSeed('backend'),
      },
      timeout: 90_000,
    });
    const { stdout } = await shell.catch(({ stdout, stderr }: { stdout: string; stderr: string }) => {
      throw new Error(
        `${documents.join(', ')} failed:\n${stderr.slice(-2000)}\n--- printed ---\n${stdout.slice(-1000)}`,
      );
    });
    return stdout;
  }

  it('docs/walkthrough.md: from sign-up to a verified JWT, then admin-sessions.md in its shell', async () => {
    const stdout = await run(
      ['docs/walkthrough.md', 'docs/admin-sessions.md'],
      ['cookies.txt', 'grace.txt', 'other.json'],
    );
    expect(stdout).toContain('"email":"ada@example.com"');
    // curl's answers have no newline of their own: what a command prints with one ends at it.
    expect(stdout).toContain('302\n'); // the verification link
    expect(stdout).toContain('{"available":false}');
    expect(stdout).toContain('"slug":"acme"');
    expect(stdout).toContain('}grace@example.com\n'); // get-session while impersonating
    expect(stdout).toContain('ada@example.com: role admin');
    expect(stdout).toMatch(/"sub":"[^"]+","exp":\d+/); // the JWT's claims, verified
    expect(stdout).toMatch(/"impersonatedBy":"[^"]+"/); // admin-sessions.md's get-session as the user
  });

  it('docs/account.md: verification, passwords, profile, email change and deletion', async () => {
    const stdout = await run(['docs/account.md'], ['mary.txt']);
    expect(stdout).toContain('}Mary Fairfax\n'); // the profile change
    expect(stdout).toContain('\nmary@somerville.example\n'); // the changed address, after both links
    expect(stdout).toMatch(/"message":"User deleted"}null$/); // deleted, and signed out with it
  });

  it('docs/organizations.md: an organization, an invitation accepted, a team, a member who leaves', async () => {
    const stdout = await run(['docs/organizations.md'], ['olivia.txt', 'ben.txt']);
    expect(stdout).toContain('{"role":"admin"}');
    expect(stdout).toContain('{"error":null,"success":false}');
    expect(stdout).toContain('"slug":"globex"');
  });
});
