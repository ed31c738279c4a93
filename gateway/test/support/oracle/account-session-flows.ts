import { uniqueEmail } from '../http.js';
import { auth, PASSWORD, signUp } from './account-oracle.js';
import type { Pair } from './pair.js';

/** with an address already registered, and with a username already taken. */
export async function duplicateSignUps(pair: Pair): Promise<void> {
  const username = `taken_${Math.random().toString(36).slice(2, 8)}`;
  const email = await signUp(pair, 'duplicate', { username });
  await pair.send('sign-up/email: with a registered email', {
    path: auth('sign-up/email'),
    json: { email, password: PASSWORD, name: 'Again' },
  });
  await pair.send('sign-up/email: with a registered email in capitals', {
    path: auth('sign-up/email'),
    json: { email: email.toUpperCase(), password: PASSWORD, name: 'Again' },
  });
  await pair.send('sign-up/email: with a taken username', {
    path: auth('sign-up/email'),
    json: { email: uniqueEmail('other'), password: PASSWORD, name: 'Other', username },
  });
  await pair.compareMails('sign-up/email: the verification mail', email);
}

/** get-session, list-sessions, revoke-session(s) and sign-out. */
export async function sessionLifecycle(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'sessions');
  await pair.send('get-session: signed in', { path: auth('get-session'), as: 'sessions' });
  await pair.send('get-session: anonymous', { path: auth('get-session') });
  await pair.send('get-session: with a forged cookie', {
    path: auth('get-session'),
    headers: { cookie: 'better-auth.session_token=forged.value' },
  });
  await pair.send('get-session: POST', { method: 'POST', path: auth('get-session'), json: {}, as: 'sessions' });
  const second = await pair.send('setup: second sign-in', {
    path: auth('sign-in/email'),
    json: { email, password: PASSWORD },
    as: 'sessions-2',
  });
  await pair.send('setup: third sign-in', {
    path: auth('sign-in/email'),
    json: { email, password: PASSWORD },
    as: 'sessions-3',
  });
  await pair.send('list-sessions: signed in', { path: auth('list-sessions'), as: 'sessions' });
  await pair.send('list-sessions: anonymous', { path: auth('list-sessions') });
  await pair.send('revoke-session: another of my sessions', (side) => ({
    path: auth('revoke-session'),
    json: { token: (second[side.name].json as { token: string }).token },
    as: 'sessions',
  }));
  await pair.send('revoke-session: an unknown token', {
    path: auth('revoke-session'),
    json: { token: 'unknown' },
    as: 'sessions',
  });
  await pair.send('revoke-session: without a token', { path: auth('revoke-session'), json: {}, as: 'sessions' });
  await pair.send('revoke-session: anonymous', { path: auth('revoke-session'), json: { token: 'x' } });
  await pair.send('revoke-other-sessions: signed in', {
    path: auth('revoke-other-sessions'),
    json: {},
    as: 'sessions',
  });
  await pair.send('list-sessions: after revoking the others', { path: auth('list-sessions'), as: 'sessions' });
  await pair.send('get-session: of a revoked session', { path: auth('get-session'), as: 'sessions-3' });
  await pair.send('revoke-other-sessions: anonymous', { path: auth('revoke-other-sessions'), json: {} });
  await pair.send('revoke-sessions: signed in', { path: auth('revoke-sessions'), json: {}, as: 'sessions' });
  await pair.send('revoke-sessions: anonymous', { path: auth('revoke-sessions'), json: {} });
  await pair.send('setup: sign-in again', {
    path: auth('sign-in/email'),
    json: { email, password: PASSWORD },
    as: 'sessions',
  });
  await pair.send('revoke-session: my own', (side) => ({
    path: auth('revoke-session'),
    json: { token: pair.cookie(side, 'sessions', 'better-auth.session_token')?.split('.')[0] },
    as: 'sessions',
  }));
  await pair.send('setup: sign-in once more', {
    path: auth('sign-in/email'),
    json: { email, password: PASSWORD },
    as: 'sessions',
  });
  await pair.send('sign-out: signed in', { path: auth('sign-out'), json: {}, as: 'sessions' });
  await pair.send('get-session: after sign-out', { path: auth('get-session'), as: 'sessions' });
  await pair.send('sign-out: anonymous', { path: auth('sign-out'), json: {} });
  await pair.send('sign-out: without a body', { path: auth('sign-out'), method: 'POST', as: 'sessions' });
}

/** with my own username, a taken one, and anonymously. */
export async function usernameUpdates(pair: Pair): Promise<void> {
  const mine = `mine_${Math.random().toString(36).slice(2, 8)}`;
  const theirs = `theirs_${Math.random().toString(36).slice(2, 8)}`;
  await signUp(pair, 'update-mine', { username: mine });
  await signUp(pair, 'update-theirs', { username: theirs });
  await pair.send('update-user: my own username', {
    path: auth('update-user'),
    json: { username: mine },
    as: 'update-mine',
  });
  await pair.send('update-user: a taken username', {
    path: auth('update-user'),
    json: { username: theirs },
    as: 'update-mine',
  });
  await pair.send('update-user: anonymous', { path: auth('update-user'), json: { name: 'x' } });
  await pair.send('update-user: without Origin', {
    path: auth('update-user'),
    json: { name: 'x' },
    as: 'update-mine',
    origin: null,
  });
}

/** by mailed confirmation, and its bad inputs. */
export async function deleteUserByMail(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'delete');
  await pair.send('delete-user: anonymous', { path: auth('delete-user'), json: {} });
  await pair.send('delete-user: wrong password', {
    path: auth('delete-user'),
    json: { password: 'wrong-password-1' },
    as: 'delete',
  });
  await pair.send('delete-user: with an untrusted callbackURL', {
    path: auth('delete-user'),
    json: { callbackURL: 'https://evil.example/' },
    as: 'delete',
  });
  await pair.send('delete-user: with a callbackURL', {
    path: auth('delete-user'),
    json: { callbackURL: '/bye' },
    as: 'delete',
  });
  await pair.compareMails('delete-user: the confirmation mail', email);
  await pair.send('delete-user/callback: an unknown token', {
    path: auth('delete-user/callback?token=unknown'),
    as: 'delete',
  });
  await pair.followLink('delete-user/callback: the mailed link, anonymous', email, 'delete-user/callback');
  await pair.followLink('delete-user/callback: the mailed link, signed in', email, 'delete-user/callback', {
    as: 'delete',
  });
  await pair.send('get-session: after delete-user', { path: auth('get-session'), as: 'delete' });
  await pair.send('sign-in/email: after delete-user', {
    path: auth('sign-in/email'),
    json: { email, password: PASSWORD },
  });
}

/** with the password. */
export async function deleteUserWithPassword(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'delete-password');
  await pair.send('delete-user: right password', {
    path: auth('delete-user'),
    json: { password: PASSWORD },
    as: 'delete-password',
  });
  await pair.compareMails('delete-user: with the password, the mails', email);
}
