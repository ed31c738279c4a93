import { uniqueEmail } from '../http.js';
import { auth, PASSWORD, signUp } from './account-oracle.js';
import type { Pair, Side } from './pair.js';

/** change-password, verify-password. */
export async function passwordChecksAndChanges(pair: Pair): Promise<void> {
  await signUp(pair, 'password');
  await pair.send('verify-password: right', {
    path: auth('verify-password'),
    json: { password: PASSWORD },
    as: 'password',
  });
  await pair.send('verify-password: wrong', {
    path: auth('verify-password'),
    json: { password: 'wrong-password-1' },
    as: 'password',
  });
  await pair.send('verify-password: anonymous', { path: auth('verify-password'), json: { password: PASSWORD } });
  await pair.send('change-password: wrong current', {
    path: auth('change-password'),
    json: { currentPassword: 'wrong-password-1', newPassword: 'new-password-1' },
    as: 'password',
  });
  await pair.send('change-password: too short', {
    path: auth('change-password'),
    json: { currentPassword: PASSWORD, newPassword: 'short' },
    as: 'password',
  });
  await pair.send('change-password: anonymous', {
    path: auth('change-password'),
    json: { currentPassword: PASSWORD, newPassword: 'new-password-1' },
  });
  await pair.send('change-password: right, keeping other sessions', {
    path: auth('change-password'),
    json: { currentPassword: PASSWORD, newPassword: 'new-password-1' },
    as: 'password',
  });
  await pair.send('change-password: right, revoking other sessions', {
    path: auth('change-password'),
    json: { currentPassword: 'new-password-1', newPassword: 'new-password-2', revokeOtherSessions: true },
    as: 'password',
  });
  await pair.send('get-session: after change-password', { path: auth('get-session'), as: 'password' });
}

/** request-password-reset, forget-password and reset-password. */
export async function passwordResets(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'reset');
  await pair.send('request-password-reset: known address', {
    path: auth('request-password-reset'),
    json: { email, redirectTo: '/reset' },
  });
  await pair.send('request-password-reset: unknown address', {
    path: auth('request-password-reset'),
    json: { email: uniqueEmail('nobody'), redirectTo: '/reset' },
  });
  await pair.send('request-password-reset: untrusted redirectTo', {
    path: auth('request-password-reset'),
    json: { email, redirectTo: 'https://evil.example/' },
  });
  await pair.send('request-password-reset: malformed address', {
    path: auth('request-password-reset'),
    json: { email: 'nope' },
  });
  await pair.send('request-password-reset: known address, a second link', {
    path: auth('request-password-reset'),
    json: { email, redirectTo: '/reset' },
  });
  await pair.compareMails('request-password-reset: the mails', email);
  await pair.followLink('reset-password: the mailed link', email, 'reset-password/');
  await pair.send('reset-password: a link with an unknown token', {
    path: auth('reset-password/unknown?callbackURL=%2Freset'),
  });
  await pair.send('reset-password: a link without callbackURL', { path: auth('reset-password/unknown') });
  const resetTokens = (side: Side) =>
    side
      .linksMailedTo(email)
      .filter((url) => url.pathname.startsWith('/api/auth/reset-password/'))
      .map((url) => url.pathname.split('/').at(-1)!);
  const tokens = { ours: resetTokens(pair.ours).at(-1), reference: resetTokens(pair.reference).at(-1) };
  const firstTokens = { ours: resetTokens(pair.ours)[0], reference: resetTokens(pair.reference)[0] };
  await pair.send('reset-password: a too short password', (side) => ({
    path: auth('reset-password'),
    json: { token: tokens[side.name], newPassword: 'short' },
  }));
  await pair.send('reset-password: right', (side) => ({
    path: auth('reset-password'),
    json: { token: tokens[side.name], newPassword: 'reset-password-1' },
  }));
  await pair.send('reset-password: the same token again', (side) => ({
    path: auth('reset-password'),
    json: { token: tokens[side.name], newPassword: 'reset-password-2' },
  }));
  await pair.send('reset-password: an unknown token', {
    path: auth('reset-password'),
    json: { token: 'unknown', newPassword: 'reset-password-2' },
  });
  await pair.send('reset-password: without a token', {
    path: auth('reset-password'),
    json: { newPassword: 'reset-password-2' },
  });
  await pair.send('sign-in/email: with the reset password', {
    path: auth('sign-in/email'),
    json: { email, password: 'reset-password-1' },
  });
  await pair.send('reset-password: the other mailed link after a completed reset', (side) => ({
    path: auth('reset-password'),
    json: { token: firstTokens[side.name], newPassword: 'reset-password-3' },
  }));
}

/** request-password-reset without redirectTo, and its link. */
export async function passwordResetWithoutRedirect(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'reset-no-redirect');
  await pair.send('request-password-reset: without redirectTo', {
    path: auth('request-password-reset'),
    json: { email },
  });
  await pair.compareMails('request-password-reset: the mail without redirectTo', email);
  await pair.followLink('reset-password: the mailed link without redirectTo', email, 'reset-password/');
}

/** forget-password, the spec's alias. */
export async function forgetPasswordAlias(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'forget');
  await pair.send('forget-password: known address', {
    path: auth('forget-password'),
    json: { email, redirectTo: '/reset' },
  });
}
