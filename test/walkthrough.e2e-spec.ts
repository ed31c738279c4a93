import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TestStack } from '../gateway/test/support/test-stack.js';

const ROOT = process.cwd();
/** Files the walkthrough writes in the directory it runs in. */
const WRITTEN = ['cookies.txt', 'grace.txt', 'other.json'];

/** The shell blocks of a document, in order, as one script. */
function shellOf(document: string): string {
  const text = readFileSync(join(ROOT, document), 'utf8');
  return [...text.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]).join('\n');
}

/**
 * docs/walkthrough.md, run as written against a started stack: only its address differs (the stack's port), and
 * curl fails the run on any HTTP error answer, so a command that stopped working fails the test.
 */
describe('docs/walkthrough.md', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ DEV_MAILBOX_ENABLED: 'true', RATE_LIMIT_ENABLED: 'false' });
  });

  afterAll(async () => {
    for (const file of WRITTEN) rmSync(join(ROOT, file), { force: true });
    await stack?.stop();
  });

  it('runs from sign-up to a verified JWT, every answer a success', async () => {
    const script = shellOf('docs/walkthrough.md').replaceAll('http://localhost:3000', stack.baseUrl);
    const failOnHttpErrors = 'curl() { command curl --fail-with-body "$@"; }\n';
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', failOnHttpErrors + script], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? ROOT,
        NATS_URL: stack.natsUrl,
        NATS_NKEY_SEED: stack.natsSeed('backend'),
      },
      timeout: 90_000,
    });
    expect(stdout).toContain('"email":"ada@example.com"');
    // curl's answers have no newline of their own: what a command prints with one ends at it.
    expect(stdout).toContain('302\n'); // the verification link
    expect(stdout).toContain('{"available":false}');
    expect(stdout).toContain('"slug":"acme"');
    expect(stdout).toContain('}grace@example.com\n'); // get-session while impersonating
    expect(stdout).toContain('ada@example.com: role admin');
    expect(stdout).toMatch(/"sub":"[^"]+","exp":\d+/); // the JWT's claims, verified
  });
});
