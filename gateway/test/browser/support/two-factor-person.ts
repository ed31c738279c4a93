import { cookieHeaderFrom, postJson, randomClientIp } from '../../support/http.js';
import type { TestStack } from '../../support/test-stack.js';
import type { Person } from './people.js';
import { totpCode } from './totp.js';

/**
 * Turns two-factor on for `person` through the API (sign in, enable, first code), for tests whose subject is not
 * the setup screens (those have their browser test); the key and the backup codes, for the second steps to come.
 */
export async function withAuthenticator(
  stack: TestStack,
  person: Person,
): Promise<{ secret: string; backupCodes: string[] }> {
  const headers = { 'x-forwarded-for': randomClientIp(), origin: stack.baseUrl };
  const { email, password } = person;
  const signedIn = await postJson(stack.url('/api/auth/sign-in/email'), { email, password }, headers);
  const cookie = cookieHeaderFrom(signedIn.setCookies);
  const enabled = await postJson<{ totpURI: string; backupCodes: string[] }>(
    stack.url('/api/auth/two-factor/enable'),
    { password },
    { ...headers, cookie },
  );
  const secret = new URL(enabled.body.totpURI).searchParams.get('secret') ?? '';
  const verified = await postJson(
    stack.url('/api/auth/two-factor/verify-totp'),
    { code: totpCode(secret) },
    { ...headers, cookie },
  );
  if (verified.status !== 200)
    throw new Error(`verify-totp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { secret, backupCodes: enabled.body.backupCodes };
}
