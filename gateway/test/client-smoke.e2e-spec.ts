import { runClientSmoke, type SmokeStep } from '../../examples/client-smoke.js';
import { randomClientIp } from './support/http.js';
import { TestStack } from './support/test-stack.js';

describe('the published better-auth client against the gateway (examples/client-smoke.ts)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  it('signs up, signs in, changes the password, signs out and signs in with the username and new password', async () => {
    const passed: string[] = [];
    const report = await runClientSmoke(stack.baseUrl, {
      // One client address of its own, so that suites running in parallel do not share its rate limits.
      headers: { 'x-forwarded-for': randomClientIp() },
      onStep: (step: SmokeStep) => passed.push(step.name),
    });
    expect(passed).toEqual([
      'sign-up (email)',
      'sign-in (email)',
      'get-session',
      'change-password',
      'sign-out',
      'get-session after sign-out',
      'sign-in (username, new password)',
    ]);
    expect(report).toMatchObject({ baseURL: stack.baseUrl, userId: expect.any(String) });
  });
});
