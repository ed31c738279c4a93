import { randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';
import { signUpWith } from './support/sign-up-steps.js';

// Bad sign-up input, beside sign-up-session.e2e-spec.ts (the same suite, split for length).
describe('sign-up, get-session and sign-out through the gateway', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  const signUp = (body: unknown, headers: Record<string, string> = {}) => signUpWith(stack, body, headers);

  describe('bad input gets 400 VALIDATION_ERROR and creates nothing', () => {
    const validationError = { status: 400, body: { message: 'Invalid body parameters', code: 'VALIDATION_ERROR' } };

    it("malformed JSON (the reference's BAD_REQUEST)", async () => {
      expect(await signUp('{"name": "x", "email": ')).toMatchObject({
        status: 400,
        body: { message: 'Invalid JSON in request body', code: 'BAD_REQUEST' },
      });
    });

    it.each([
      ['a JSON array', '[]'],
      ['email of the wrong type', { name: 'x', email: 42, password: 'correct-horse-1' }],
      ['name of the wrong type', { name: ['x'], email: 'typed@example.com', password: 'correct-horse-1' }],
      [
        'rememberMe of the wrong type',
        { name: 'x', email: 'typed@example.com', password: 'correct-horse-1', rememberMe: 'yes' },
      ],
      ['a malformed email', { name: 'x', email: 'not-an-email', password: 'correct-horse-1' }],
      ['no password', { name: 'x', email: 'typed@example.com' }],
      ['no body at all', ''],
    ])('%s', async (_label, body) => {
      expect(await signUp(body)).toMatchObject(validationError);
    });

    it('passwords outside 8..128 get their catalogue errors', async () => {
      expect(await signUp({ name: 'x', email: uniqueEmail('pw'), password: 'short' })).toMatchObject({
        status: 400,
        body: { message: 'Password too short', code: 'PASSWORD_TOO_SHORT' },
      });
      expect(await signUp({ name: 'x', email: uniqueEmail('pw'), password: 'x'.repeat(129) })).toMatchObject({
        status: 400,
        body: { message: 'Password too long', code: 'PASSWORD_TOO_LONG' },
      });
    });

    it('a complete JSON body without Content-Type is not parsed', async () => {
      const email = uniqueEmail('untyped');
      const answer = await request(stack.url('/api/auth/sign-up/email'), {
        method: 'POST',
        headers: { 'x-forwarded-for': randomClientIp() },
        body: new TextEncoder().encode(JSON.stringify({ name: 'x', email, password: 'correct-horse-1' })),
      });
      expect(answer).toMatchObject(validationError);
      const signIn = await request(stack.url('/api/auth/sign-in/email'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
        body: JSON.stringify({ email, password: 'correct-horse-1' }),
      });
      expect(signIn.status).toBe(401);
    });

    it('a callbackURL that is no string: 400 with the code of its message', async () => {
      expect(
        await signUp({ name: 'x', email: uniqueEmail('cb'), password: 'correct-horse-1', callbackURL: 42 }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Invalid callbackURL: expected a string', code: 'INVALID_CALLBACKURL_EXPECTED_A_STRING' },
      });
    });

    it('an unsupported media type is 415', async () => {
      const answer = await request(stack.url('/api/auth/sign-up/email'), {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': randomClientIp() },
        body: 'hello',
      });
      expect(answer).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    });
  });
});
