/**
 * The errors a social sign-in ends with (the `error` of the callback's redirect, spec §2 and §8), and the
 * provider's own errors of RFC 6749 §4.1.2.1 that the gateway passes on (any other becomes `provider_error`).
 */
const SOCIAL_SIGN_IN_EXPLANATIONS: Readonly<Record<string, string>> = {
  state_not_found: 'The sign-in took too long or was started in another browser. Please start again.',
  state_mismatch: 'This sign-in was already used, has expired or was started in another browser. Please start again.',
  no_code: 'The sign-in provider did not send us what we need. Please try again.',
  oauth_provider_not_found: 'This sign-in provider is not available.',
  invalid_code: 'The sign-in provider refused the request. Please try again.',
  unable_to_get_user_info: 'We could not read your profile from the sign-in provider.',
  email_not_found: 'The sign-in provider did not share your email address, and we need it for your account.',
  email_not_verified: 'The sign-in provider has not confirmed your email address. Confirm it there, then try again.',
  no_callback_url: 'The link is missing where to go next.',
  unable_to_link_account: 'We could not link this account to yours.',
  account_already_linked_to_different_user: 'This account is already linked to another user.',
  email_does_not_match: "This account's email address is not yours here, so it cannot be linked to your account.",
  account_not_linked:
    'An account with this email address already exists, and we could not confirm that it is yours. ' +
    'Sign in with your email and password instead.',
  signup_disabled: 'New accounts cannot be created with this sign-in provider. Sign in with an existing account.',
  unable_to_create_user: 'We could not create your account. Please try again.',
  unable_to_create_session: 'We could not sign you in. Please try again.',
  banned: 'This account has been suspended.',
  access_denied: 'The sign-in was cancelled or not allowed at the sign-in provider.',
  invalid_request: 'The sign-in provider could not understand the request. Please try again.',
  unauthorized_client: 'The sign-in provider does not allow this application to sign you in.',
  unsupported_response_type: 'The sign-in provider does not support this way of signing in.',
  invalid_scope: 'The sign-in provider refused the permissions this application asks for.',
  server_error: 'The sign-in provider ran into a problem. Please try again later.',
  temporarily_unavailable: 'The sign-in provider is busy or down for a moment. Please try again later.',
  provider_error: 'The sign-in provider reported a problem. Please try again.',
};

/**
 * Plain-words explanations of the error values the API puts on the redirects it sends a browser to (spec §2),
 * in either spelling the API uses (`invalid_token` and `INVALID_TOKEN`).
 */
const EXPLANATIONS: Readonly<Record<string, string>> = {
  invalid_token: 'This link is not valid. It may have been used already, or replaced by a newer one.',
  token_expired: 'This link has expired. Links in our mails work for a limited time only.',
  user_not_found: 'The account this link was made for no longer exists.',
  unauthorized: 'You need to be signed in as the right account to do this.',
  invalid_callback_request: 'The request came back in a form we could not understand.',
  internal_server_error: 'Something went wrong on our side. Please try again in a moment.',
  ...SOCIAL_SIGN_IN_EXPLANATIONS,
};

const UNKNOWN = 'Something went wrong. Please try again.';

export function explainRedirectError(code: string | null): string {
  const key = code?.toLowerCase() ?? '';
  // Own keys only: the code comes from the address bar, and `?error=constructor` must not read Object's.
  return Object.hasOwn(EXPLANATIONS, key) ? EXPLANATIONS[key] : UNKNOWN;
}

/** Whether the error ended a social sign-in, after which the page offers to start signing in again. */
export function endedSocialSignIn(code: string | null): boolean {
  return Object.hasOwn(SOCIAL_SIGN_IN_EXPLANATIONS, code?.toLowerCase() ?? '');
}
