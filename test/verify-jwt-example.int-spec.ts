import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signUpActor, type Actor } from '../gateway/test/support/actor.js';
import { randomClientIp, request } from '../gateway/test/support/http.js';
import { TestStack } from '../gateway/test/support/test-stack.js';

const ENTRY_POINT = join(process.cwd(), 'examples/dist/verify-jwt.js');

/** The built example run as an internal system would run it: its exit code, what it printed. */
async function runExample(token: string, env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [ENTRY_POINT, token], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('examples/verify-jwt.ts, an internal system verifying tokens against /jwks', () => {
  let stack: TestStack;
  let actor: Actor;
  let token: string;

  beforeAll(async () => {
    stack = await TestStack.start();
    actor = await signUpActor(stack, 'verifier');
    const answer = await request<{ token: string }>(stack.url('/api/auth/token'), {
      headers: { 'x-forwarded-for': randomClientIp(), cookie: actor.cookie },
    });
    if (answer.status !== 200) throw new Error(`no token: ${answer.status} ${JSON.stringify(answer.body)}`);
    token = answer.body.token;
  });

  afterAll(() => stack?.stop());

  it("accepts the service's token and prints its claims", async () => {
    const run = await runExample(token, { AUTH_URL: stack.baseUrl });
    expect(run).toEqual(expect.objectContaining({ code: 0 }));
    expect(JSON.parse(run.stdout)).toEqual(
      expect.objectContaining({ sub: actor.id, email: actor.email, iss: stack.baseUrl, aud: stack.baseUrl }),
    );
  });

  it('refuses a token whose claims were altered', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' };
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    const run = await runExample(forged, { AUTH_URL: stack.baseUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^refused: signature verification failed/);
  });

  it('refuses a token meant for another audience', async () => {
    const run = await runExample(token, { AUTH_URL: stack.baseUrl, JWT_AUDIENCE: 'https://other.example' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^refused: unexpected "aud" claim value/);
  });
});
