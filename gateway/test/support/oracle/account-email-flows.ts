import { purposeKey } from '@authsvc/config';
import { SignJWT } from 'jose';
import { uniqueEmail } from '../http.js';
import { auth, PASSWORD, signUp, signUpVerified } from './account-oracle.js';
import type { Pair, Side } from './pair.js';
import { SECRET } from './start-pair.js';

/** of a verified user: approval by the current address, then the new address confirms. */
export async function changeEmailOfVerifiedUser(pair: Pair): Promise<void> {
  const email = await signUpVerified(pair, 'change-verified');
  const newEmail = uniqueEmail('changed-verified');
  await pair.send('change-email: verified user', {
    path: auth('change-email'),
    json: { newEmail, callbackURL: '/changed' },
    as: 'change-verified',
  });
  await pair.compareMails('change-email: verified user, the approval mail', email);
  await pair.followLink('change-email: approval link, signed in', email, 'verify-email', { as: 'change-verified' });
  await pair.compareMails('change-email: verified user, the mail to the new address', newEmail);
  await pair.followLink('change-email: new address link, signed in', newEmail, 'verify-email', {
    as: 'change-verified',
  });
  await pair.send('change-email: the session after confirmation', {
    path: auth('get-session'),
    as: 'change-verified',
  });
}

/** of an unverified user: the new address gets a link, which changes the address once followed. */
export async function changeEmailOfUnverifiedUser(pair: Pair): Promise<void> {
  await signUp(pair, 'change-unverified');
  const newEmail = uniqueEmail('changed-unverified');
  await pair.send('change-email: unverified user', {
    path: auth('change-email'),
    json: { newEmail },
    as: 'change-unverified',
  });
  await pair.send('change-email: the session after an unverified change', {
    path: auth('get-session'),
    as: 'change-unverified',
  });
  await pair.compareMails('change-email: unverified user, the mail to the new address', newEmail);
  await pair.followLink('change-email: unverified user follows the link', newEmail, 'verify-email', {
    as: 'change-unverified',
  });
  await pair.send('change-email: the session after verifying', {
    path: auth('get-session'),
    as: 'change-unverified',
  });
  await pair.followLink('change-email: unverified user, the used link again', newEmail, 'verify-email');
}

/** followed by a browser signed in as another user. */
export async function changeEmailFollowedByAnotherUser(pair: Pair): Promise<void> {
  await signUp(pair, 'change-theirs');
  await signUp(pair, 'change-bystander');
  const newEmail = uniqueEmail('changed-theirs');
  await pair.send('setup: change-email of an unverified user', {
    path: auth('change-email'),
    json: { newEmail, callbackURL: '/changed' },
    as: 'change-theirs',
  });
  await pair.followLink('change-email: new address link, signed in as another user', newEmail, 'verify-email', {
    as: 'change-bystander',
  });
  await pair.send('change-email: the session of the link’s user after that', {
    path: auth('get-session'),
    as: 'change-theirs',
  });
}

/** opened without a session and without callbackURL. */
export async function changeEmailLinksWithoutSession(pair: Pair): Promise<void> {
  const email = await signUpVerified(pair, 'change-anonymous-link');
  const newEmail = uniqueEmail('changed-anonymous');
  await pair.send('setup: change-email', {
    path: auth('change-email'),
    json: { newEmail },
    as: 'change-anonymous-link',
  });
  await pair.followLink('change-email: approval link without a session', email, 'verify-email');
  await pair.followLink('change-email: new address link without a session', newEmail, 'verify-email');
  await pair.followLink('change-email: a used link opened again', newEmail, 'verify-email');
}

/** with bad input. */
export async function changeEmailWithBadInput(pair: Pair): Promise<void> {
  const taken = await signUp(pair, 'change-taken');
  const email = await signUp(pair, 'change-bad');
  await pair.send('change-email: the same address', {
    path: auth('change-email'),
    json: { newEmail: email },
    as: 'change-bad',
  });
  await pair.send('change-email: a registered address', {
    path: auth('change-email'),
    json: { newEmail: taken },
    as: 'change-bad',
  });
  await pair.send('change-email: a malformed address', {
    path: auth('change-email'),
    json: { newEmail: 'nope' },
    as: 'change-bad',
  });
  await pair.send('change-email: an untrusted callbackURL', {
    path: auth('change-email'),
    json: { newEmail: uniqueEmail('x'), callbackURL: 'https://evil.example/' },
    as: 'change-bad',
  });
  await pair.send('change-email: anonymous', { path: auth('change-email'), json: { newEmail: uniqueEmail('x') } });
}

/** send-verification-email and verify-email. */
export async function verificationMails(pair: Pair): Promise<void> {
  const email = await signUp(pair, 'verify');
  const other = await signUp(pair, 'verify-other');
  await pair.send('send-verification-email: signed in, own address, callbackURL', {
    path: auth('send-verification-email'),
    json: { email, callbackURL: '/verified' },
    as: 'verify',
  });
  await pair.send('send-verification-email: signed in, without an address', {
    path: auth('send-verification-email'),
    json: { callbackURL: '/verified' },
    as: 'verify',
  });
  await pair.send('send-verification-email: signed in, another address', {
    path: auth('send-verification-email'),
    json: { email: other },
    as: 'verify',
  });
  await pair.send('send-verification-email: anonymous, known address', {
    path: auth('send-verification-email'),
    json: { email: other },
  });
  await pair.send('send-verification-email: anonymous, unknown address', {
    path: auth('send-verification-email'),
    json: { email: uniqueEmail('nobody') },
  });
  await pair.send('send-verification-email: anonymous, without an address', {
    path: auth('send-verification-email'),
    json: {},
  });
  await pair.compareMails('send-verification-email: the mails to a signed-in user', email);
  await pair.followLink('verify-email: the link with callbackURL, anonymous', email, 'verify-email', {
    as: 'verify-clicker',
  });
  await pair.followLink('verify-email: the same link again', email, 'verify-email', { as: 'verify-clicker-2' });
  await pair.send('send-verification-email: signed in, already verified', {
    path: auth('send-verification-email'),
    json: { email },
    as: 'verify',
  });
  await pair.send('verify-email: an unknown token', { path: auth('verify-email?token=unknown') });
  await pair.send('verify-email: an unknown token with callbackURL', {
    path: auth('verify-email?token=unknown&callbackURL=%2Fverified'),
  });
  await pair.send('verify-email: without a token', { path: auth('verify-email') });
  await pair.followLink('verify-email: the sign-up link of another, signed in as myself', other, 'verify-email', {
    as: 'verify',
  });
  const crossSite = await signUp(pair, 'verify-cross-site');
  await pair.followLink('verify-email: a link another site sent the browser to', crossSite, 'verify-email', {
    as: 'verify-cross-site-clicker',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  });
}

/** The link each side would have mailed an hour ago, signed as each signs: 1.7 with the secret itself. */
const expiredToken = (side: Side, claims: Record<string, unknown>) => {
  const issuedAt = Math.floor(Date.now() / 1000) - 7200;
  const key = side.name === 'ours' ? purposeKey(SECRET, 'verification-token') : new TextEncoder().encode(SECRET);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(key);
};

/** answers TOKEN_EXPIRED, or sends the browser back with it. */
export async function expiredVerificationLink(pair: Pair): Promise<void> {
  const email = uniqueEmail('expired');
  const signedUp = await pair.send('setup: sign-up', {
    path: auth('sign-up/email'),
    json: { email, password: PASSWORD, name: 'Expired' },
  });
  const tokens = { ours: '', reference: '' };
  for (const side of [pair.ours, pair.reference]) {
    const userId = (signedUp[side.name].json as { user: { id: string } }).user.id;
    tokens[side.name] = await expiredToken(side, { email, userId, requestType: 'email-verification' });
  }
  await pair.send('verify-email: an expired link', (side) => ({
    path: auth(`verify-email?token=${tokens[side.name]}`),
  }));
  await pair.send('verify-email: an expired link with callbackURL', (side) => ({
    path: auth(`verify-email?token=${tokens[side.name]}&callbackURL=%2Fverified`),
  }));
}
