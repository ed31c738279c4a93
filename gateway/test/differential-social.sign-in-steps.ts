import {
  atPath,
  callback,
  idToken,
  idTokenOf,
  now,
  OK,
  person,
  read,
  refused,
  signedInTo,
  signIn,
  to,
  without,
  withParameter,
  type Step,
} from './support/oracle/social-steps.js';
import { accountSteps } from './differential-social.account-steps.js';

const ada = person('ada');
const grace = person('grace');
const edsger = person('edsger');
const oneTap = person('one-tap');
/** Signed up with a password first; the provider does not vouch for the address. */
const mallory = person('mallory', { emailVerified: false });
/** Signed up with a password first (unverified locally); the provider vouches for the address. */
const barbara = person('barbara');
const silent = person('no-address', { hasAddress: false });
/** Signed up with a password first and verified the address; the provider vouches for it too: implicit linking. */
const linus = person('linus');
/** Every step of the social suite, in order, each sent to both sides: sign-in, then linking and the provider tokens. */
export const SOCIAL_STEPS: readonly Step[] = [
  { label: 'sign-in/social: google, redirect', reference: OK, run: signIn({ provider: 'google' }) },
  { label: 'sign-in/social: github, redirect', reference: OK, run: signIn({ provider: 'github' }) },
  {
    label: 'sign-in/social: disableRedirect',
    reference: OK,
    run: signIn({ provider: 'github', disableRedirect: true }),
  },
  {
    label: 'sign-in/social: every URL, scopes and a login hint',
    reference: OK,
    run: signIn({
      provider: 'github',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: 'http://localhost:5173/oops',
      scopes: ['repo'],
      loginHint: 'ada@example.com',
    }),
  },
  {
    label: 'sign-in/social: an unknown provider',
    reference: refused(404, 'PROVIDER_NOT_FOUND'),
    run: signIn({ provider: 'nope' }),
  },
  {
    label: 'sign-in/social: a listed provider not configured',
    reference: refused(404, 'PROVIDER_NOT_FOUND'),
    run: signIn({ provider: 'discord' }),
  },
  { label: 'sign-in/social: without a provider', reference: refused(400, 'VALIDATION_ERROR'), run: signIn({}) },
  {
    label: 'sign-in/social: an untrusted callbackURL',
    reference: refused(403, 'INVALID_CALLBACK_URL'),
    run: signIn({ provider: 'google', callbackURL: 'https://evil.example/x' }),
  },
  {
    label: 'sign-in/social: a protocol-relative callbackURL',
    reference: refused(403, 'INVALID_CALLBACK_URL'),
    run: signIn({ provider: 'google', callbackURL: '//evil.example/x' }),
  },
  {
    label: 'sign-in/social: an untrusted errorCallbackURL',
    reference: refused(403, 'INVALID_ERROR_CALLBACK_URL'),
    run: signIn({ provider: 'google', errorCallbackURL: 'https://evil.example/x' }),
  },
  {
    label: 'sign-in/social: an untrusted newUserCallbackURL',
    reference: refused(403, 'INVALID_NEW_USER_CALLBACK_URL'),
    run: signIn({ provider: 'google', newUserCallbackURL: 'https://evil.example/x' }),
  },
  {
    label: 'sign-in/social: additionalParams sets the state',
    reference: refused(400, 'VALIDATION_ERROR'),
    run: signIn({ provider: 'google', additionalParams: { state: 'mine' } }),
  },
  { label: 'sign-in/social: id token, a new user', reference: OK, run: idToken(oneTap) },
  { label: 'sign-in/social: id token, the returning user', reference: OK, run: idToken(oneTap) },
  {
    label: 'sign-in/social: id token, the same token again',
    reference: OK,
    run: async (flow, label) => {
      const token = await idTokenOf(flow, oneTap);
      await flow.start('setup: sign-in/social id token', 'replayed', { provider: 'google', idToken: { token } });
      return flow.start(label, 'replayed', { provider: 'google', idToken: { token } });
    },
  },
  {
    label: 'sign-in/social: id token, expired',
    reference: refused(401, 'INVALID_TOKEN'),
    run: idToken(oneTap, { iat: now() - 700, exp: now() - 100 }),
  },
  {
    label: 'sign-in/social: id token of another audience',
    reference: refused(401, 'INVALID_TOKEN'),
    run: idToken(oneTap, { aud: 'another-client' }),
  },
  {
    label: 'sign-in/social: id token of another issuer',
    reference: refused(401, 'INVALID_TOKEN'),
    run: idToken(oneTap, { iss: 'https://evil.example' }),
  },
  {
    label: 'sign-in/social: id token, not a JWT',
    reference: refused(401, 'INVALID_TOKEN'),
    run: signIn({ provider: 'google', idToken: { token: 'not-a-jwt' } }),
  },
  {
    label: 'sign-in/social: id token, another nonce than the request names',
    reference: refused(401, 'INVALID_TOKEN'),
    run: idToken(person('nonce-other'), { nonce: 'n-1' }, 'n-2'),
  },
  {
    label: 'sign-in/social: id token, the nonce the request names',
    reference: OK,
    run: idToken(person('nonce-same'), { nonce: 'n-1' }, 'n-1'),
  },
  {
    label: 'sign-in/social: id token with a nonce the request does not name',
    reference: OK,
    run: idToken(person('nonce-unasked'), { nonce: 'unasked' }),
  },
  {
    label: 'sign-in/social: id token for github',
    reference: refused(404, 'ID_TOKEN_NOT_SUPPORTED'),
    run: async (flow, label) =>
      flow.start(label, 'browser', { provider: 'github', idToken: { token: await idTokenOf(flow, oneTap) } }),
  },
  {
    label: 'sign-in/social: id token, an unverified address of an existing user',
    reference: refused(401, 'OAUTH_LINK_ERROR'),
    run: async (flow, label) => {
      const victim = person('one-tap-victim', { emailVerified: false });
      await flow.signUp('one-tap-owner', victim.email);
      return idToken(victim)(flow, label);
    },
  },

  { label: 'callback/google: a new user', reference: signedInTo('/welcome'), run: callback('google', ada) },
  { label: 'get-session: after the google sign-up', reference: OK, run: read('get-session', ada) },
  { label: 'list-accounts: after the google sign-up', reference: OK, run: read('list-accounts', ada) },
  { label: 'callback/google: the returning user', reference: signedInTo('/dashboard'), run: callback('google', ada) },
  { label: 'callback/github: a new user', reference: signedInTo('/welcome'), run: callback('github', grace) },
  { label: 'list-accounts: after the github sign-up', reference: OK, run: read('list-accounts', grace) },
  {
    label: 'callback/google: no callbackURL asked',
    reference: signedInTo('<self>'),
    run: callback('google', edsger, undefined, { callbackURL: undefined, newUserCallbackURL: undefined }),
  },
  {
    label: 'callback/google: without state',
    reference: to('<self>/api/auth/error?error=state_not_found'),
    run: callback('google', person('no-state'), without('state')),
  },
  {
    label: 'callback/google: a field given twice',
    reference: refused(400, 'VALIDATION_ERROR'),
    run: callback('google', person('twice'), (url) => new URL(`${url.href}&state=again`)),
  },
  {
    label: 'callback/google: a tampered state',
    reference: to('<self>/api/auth/error?error=state_mismatch'),
    run: callback('google', person('tampered'), (url) =>
      withParameter('state', `${url.searchParams.get('state')!.slice(0, -1)}x`)(url),
    ),
  },
  {
    label: 'callback/google: no code',
    reference: to('/oops?error=no_code'),
    run: callback('google', person('no-code'), without('code')),
  },
  {
    label: 'callback/google: a code the provider refuses',
    reference: to('/oops?error=invalid_code'),
    run: callback('google', person('bad-code'), withParameter('code', 'forged')),
  },
  {
    label: 'callback/google: the user cancels at the provider (access_denied, a description)',
    reference: to('/oops?error=access_denied&error_description=The+user+cancelled+the+sign-in.'),
    // A subject the provider does not know stands for a user who cancels.
    run: async (flow, label) =>
      flow.callback(label, 'cancel', await flow.consented('cancel', 'google', 'no-such-subject')),
  },
  {
    label: 'callback/google: a provider error outside RFC 6749 with a description',
    reference: to('/oops?error=server_melted&error_description=call+us'),
    run: callback(
      'google',
      person('odd-error'),
      (url) =>
        new URL(
          `${url.origin}${url.pathname}?state=${url.searchParams.get('state')}&error=server_melted&error_description=call%20us`,
        ),
    ),
  },
  {
    label: 'callback/nope: an unknown provider id',
    reference: to('/oops?error=oauth_provider_not_found'),
    run: callback('google', person('unknown-id'), atPath('/callback/google', '/callback/nope')),
  },
  {
    label: "callback/github: a google flow's state and code",
    reference: to('/oops?error=invalid_code'),
    run: callback('google', person('mix-up'), atPath('/callback/google', '/callback/github')),
  },
  {
    label: 'callback/github: no address at the provider',
    reference: to('/oops?error=email_not_found'),
    run: callback('github', silent),
  },
  {
    label: 'callback/google: an unverified provider address meets an existing account',
    reference: to('/oops?error=account_not_linked'),
    run: async (flow, label) => {
      await flow.signUp('mallory-owner', mallory.email);
      return callback('google', mallory)(flow, label);
    },
  },
  {
    label: 'callback/google: a verified provider address meets an unverified local account',
    reference: to('/oops?error=account_not_linked'),
    run: async (flow, label) => {
      await flow.signUp('barbara-owner', barbara.email);
      return callback('google', barbara)(flow, label);
    },
  },
  {
    label: 'callback/google: a verified provider address meets a verified local account',
    reference: signedInTo('/dashboard'),
    run: async (flow, label) => {
      await flow.signUp('linus-owner', linus.email);
      await flow.pair.followLink('setup: verify-email', linus.email, 'verify-email', { as: 'linus-owner' });
      return callback('google', linus)(flow, label);
    },
  },
  { label: 'list-accounts: after implicit linking', reference: OK, run: read('list-accounts', linus) },
  {
    label: 'callback/google: a form post, then its GET',
    reference: signedInTo('/dashboard'),
    run: async (flow, label) => {
      const redirects = await flow.consented('form-post', 'google', ada.sub);
      const posted = await flow.formPost('callback/google: a form post', redirects, flow.providers.google.origin);
      return flow.follow(label, 'form-post', posted);
    },
  },
  {
    label: 'callback/google: the state of another browser',
    reference: to('/oops?error=state_mismatch'),
    run: async (flow, label) => {
      const redirects = await flow.consented('own-browser', 'google', ada.sub);
      // Another browser that started a flow of its own: it holds a state cookie, for another state.
      await flow.consented('another-browser', 'google', ada.sub);
      const answers = await flow.callback(label, 'another-browser', redirects);
      await flow.callback('callback/google: the right browser after another tried its state', 'own-browser', redirects);
      await flow.callback('callback/google: the used state again', 'own-browser', redirects);
      return answers;
    },
  },
  {
    label: 'callback/google: no state cookie',
    reference: to('/oops?error=state_mismatch'),
    run: async (flow, label) =>
      flow.callback(label, 'cookieless', await flow.consented('cookie-dropped', 'google', ada.sub)),
  },
  {
    label: 'callback/google: a forged state cookie',
    reference: to('/oops?error=state_mismatch'),
    run: async (flow, label) => {
      const redirects = await flow.consented('forger', 'google', ada.sub);
      return flow.callback(label, undefined, redirects, (url) => url, {
        headers: { cookie: 'better-auth.state=forged.c2lnbmF0dXJl' },
      });
    },
  },
  // Linking, unlinking and the provider tokens, with the users signed up above.
  ...accountSteps({ ada, grace }),
];
