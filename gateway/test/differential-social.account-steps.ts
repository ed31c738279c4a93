import {
  linkIdToken,
  OK,
  onAccount,
  person,
  post,
  read,
  refused,
  register,
  to,
  type Person,
  type Step,
} from './support/oracle/social-steps.js';

/** Signed up with a password; links Google through the redirect branch. */
const hopper = person('hopper');
/** Signed up with a password; links Google with an id token. */
const kay = person('kay');
const LINK_URLS = { callbackURL: '/account/linked', errorCallbackURL: '/oops' };

/**
 * The social suite's steps of link-social, unlink-account, get-access-token, refresh-token and account-info, after
 * its sign-in steps: `ada` signed up with Google alone, `grace` with GitHub alone.
 */
export const accountSteps = ({ ada, grace }: { ada: Person; grace: Person }): readonly Step[] => [
  {
    label: 'link-social: redirect, signed in',
    reference: { status: 200, cookies: [expect.stringMatching(/^better-auth\.state=<value>/)] },
    run: async (flow, label) => {
      await flow.signUp(hopper.name, hopper.email);
      return post('link-social', { provider: 'google', ...LINK_URLS }, hopper)(flow, label);
    },
  },
  {
    label: 'callback/google: linking to the signed-in user',
    reference: to('/account/linked'),
    run: async (flow, label) => {
      register(flow.providers, hopper);
      const started = await post(
        'link-social',
        { provider: 'google', ...LINK_URLS },
        hopper,
      )(flow, 'setup: link-social google');
      return flow.callback(label, hopper.name, await flow.consent(started, 'google', hopper.sub));
    },
  },
  { label: 'list-accounts: after link-social', reference: OK, run: read('list-accounts', hopper) },
  {
    label: 'link-social: without a session',
    reference: { status: 401 },
    run: post('link-social', { provider: 'google', ...LINK_URLS }),
  },
  {
    label: 'link-social: id token',
    reference: { status: 200, body: { url: '', status: true, redirect: false } },
    run: async (flow, label) => {
      await flow.signUp(kay.name, kay.email);
      return linkIdToken(kay, kay)(flow, label);
    },
  },
  {
    label: "link-social: id token of another user's account, at the caller's address",
    reference: refused(409, 'SOCIAL_ACCOUNT_ALREADY_LINKED'),
    run: linkIdToken(kay, kay, { sub: ada.sub }),
  },
  {
    label: "link-social: id token of another user's account, at their address",
    reference: refused(409, 'SOCIAL_ACCOUNT_ALREADY_LINKED'),
    run: linkIdToken(kay, ada),
  },
  {
    label: 'link-social: id token of another address',
    reference: refused(401, 'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED'),
    run: linkIdToken(kay, person('kay-elsewhere')),
  },
  {
    label: 'unlink-account: the last account',
    reference: refused(400, 'FAILED_TO_UNLINK_LAST_ACCOUNT'),
    run: onAccount('unlink-account', ada, 'google'),
  },
  {
    label: 'unlink-account: an unknown account',
    reference: refused(400, 'ACCOUNT_NOT_FOUND'),
    run: post('unlink-account', { accountId: 'no-such-account' }, kay),
  },
  {
    label: 'unlink-account: without a session',
    reference: { status: 401 },
    run: post('unlink-account', { accountId: 'no-such-account' }),
  },
  {
    label: 'unlink-account: a second account',
    reference: { status: 200, body: { status: true } },
    run: onAccount('unlink-account', kay, 'google'),
  },
  { label: 'list-accounts: after unlink-account', reference: OK, run: read('list-accounts', kay) },
  { label: 'get-access-token', reference: OK, run: onAccount('get-access-token', ada, 'google') },
  {
    label: 'get-access-token: an unknown account',
    reference: refused(400, 'ACCOUNT_NOT_FOUND'),
    run: post('get-access-token', { accountId: 'no-such-account' }, ada),
  },
  {
    label: 'get-access-token: without a session',
    reference: { status: 401 },
    run: post('get-access-token', { accountId: 'no-such-account' }),
  },
  { label: 'refresh-token', reference: OK, run: onAccount('refresh-token', ada, 'google') },
  {
    label: 'refresh-token: no refresh token (GitHub)',
    reference: refused(400, 'REFRESH_TOKEN_NOT_FOUND'),
    run: onAccount('refresh-token', grace, 'github'),
  },
  { label: 'account-info', reference: OK, run: onAccount('account-info', ada, 'google', { query: true }) },
  {
    label: 'account-info: an unknown account',
    reference: refused(400, 'ACCOUNT_NOT_FOUND'),
    run: read('account-info?accountId=no-such-account', ada),
  },
  {
    label: "account-info: by POST, the spec's form",
    reference: { status: 404 },
    run: onAccount('account-info', ada, 'google'),
  },
];
