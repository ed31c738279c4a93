import { uniqueEmail } from '../http.js';
import type { Pair } from './pair.js';

/** The password of every user the account surface's differential steps sign up. */
export const PASSWORD = 'correct-horse-1';

export const auth = (path: string) => `/api/auth/${path}`;

/** Signs `actor` up on both sides (and so in); its address. */
export async function signUp(pair: Pair, actor: string, fields: Record<string, unknown> = {}): Promise<string> {
  const email = uniqueEmail(actor.replace(/[^a-z0-9]+/gi, '-'));
  await pair.send('setup: sign-up', {
    path: auth('sign-up/email'),
    json: { email, password: PASSWORD, name: actor, ...fields },
    as: actor,
  });
  return email;
}

/** Signs `actor` up and follows the verification mail on both sides. */
export async function signUpVerified(pair: Pair, actor: string, fields: Record<string, unknown> = {}): Promise<string> {
  const email = await signUp(pair, actor, fields);
  await pair.followLink('setup: verify-email', email, 'verify-email', { as: actor });
  return email;
}
