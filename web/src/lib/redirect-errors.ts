/**
 * Plain-words explanations of the error values the API puts on the redirects it sends a browser to (spec §2),
 * in either spelling the API uses (`invalid_token` and `INVALID_TOKEN`).
 */
const EXPLANATIONS: Readonly<Record<string, string>> = {
  invalid_token: 'This link is not valid. It may have been used already, or replaced by a newer one.',
  token_expired: 'This link has expired. Links in our mails work for a limited time only.',
  user_not_found: 'The account this link was made for no longer exists.',
  unauthorized: 'You need to be signed in as the right account to do this.',
  state_not_found: 'The sign-in took too long or was started in another browser. Please start again.',
  no_code: 'The sign-in provider did not send us what we need. Please try again.',
  oauth_provider_not_found: 'This sign-in provider is not available.',
  invalid_code: 'The sign-in provider refused the request. Please try again.',
  unable_to_get_user_info: 'We could not read your profile from the sign-in provider.',
  email_not_found: 'The sign-in provider did not share your email address.',
  no_callback_url: 'The link is missing where to go next.',
  unable_to_link_account: 'We could not link this account to yours.',
  account_already_linked_to_different_user: 'This account is already linked to another user.',
  invalid_callback_request: 'The request came back in a form we could not understand.',
  internal_server_error: 'Something went wrong on our side. Please try again in a moment.',
};

const UNKNOWN = 'Something went wrong. Please try again.';

export function explainRedirectError(code: string | null): string {
  const key = code?.toLowerCase() ?? '';
  // Own keys only: the code comes from the address bar, and `?error=constructor` must not read Object's.
  return Object.hasOwn(EXPLANATIONS, key) ? EXPLANATIONS[key] : UNKNOWN;
}
