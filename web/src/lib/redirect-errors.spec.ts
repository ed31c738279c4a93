import { describe, expect, it } from '@jest/globals';
import { endedSocialSignIn, explainRedirectError } from './redirect-errors';

describe('explainRedirectError', () => {
  it('explains a code in either spelling the API uses', () => {
    expect(explainRedirectError('INVALID_TOKEN')).toMatch(/not valid/);
    expect(explainRedirectError('invalid_token')).toBe(explainRedirectError('INVALID_TOKEN'));
  });

  it('tells an expired link from an invalid one', () => {
    expect(explainRedirectError('TOKEN_EXPIRED')).toMatch(/expired/);
  });

  it('falls back to a general message for an unknown or missing code', () => {
    const general = explainRedirectError(null);
    expect(general).toMatch(/went wrong/);
    expect(explainRedirectError('NO_SUCH_CODE')).toBe(general);
    expect(explainRedirectError('')).toBe(general);
  });

  it('does not read names inherited by every object as codes', () => {
    expect(explainRedirectError('constructor')).toBe(explainRedirectError(null));
  });

  it('explains every error a social sign-in callback ends with, each in words of its own', () => {
    const codes = [
      'state_not_found',
      'state_mismatch',
      'no_code',
      'oauth_provider_not_found',
      'invalid_code',
      'unable_to_get_user_info',
      'email_not_found',
      'no_callback_url',
      'unable_to_link_account',
      'account_already_linked_to_different_user',
      'email_does_not_match',
      'account_not_linked',
      'signup_disabled',
      'unable_to_create_user',
      'unable_to_create_session',
      'access_denied',
      'provider_error',
    ];
    const general = explainRedirectError(null);
    const explanations = codes.map(explainRedirectError);
    expect(explanations).not.toContain(general);
    expect(new Set(explanations).size).toBe(codes.length);
  });

  it("explains the provider's own RFC 6749 errors that the gateway passes on", () => {
    expect(explainRedirectError('access_denied')).toMatch(/cancelled/);
    expect(explainRedirectError('temporarily_unavailable')).toMatch(/try again later/);
  });

  it('tells a person whose address already has an account to sign in with it', () => {
    expect(explainRedirectError('account_not_linked')).toMatch(/already exists.*Sign in with your email/s);
  });
});

describe('endedSocialSignIn', () => {
  it('is true for the errors of a social sign-in, in either spelling', () => {
    expect(endedSocialSignIn('state_mismatch')).toBe(true);
    expect(endedSocialSignIn('ACCESS_DENIED')).toBe(true);
  });

  it('is false for the errors of mailed links, unknown codes and none', () => {
    expect(endedSocialSignIn('INVALID_TOKEN')).toBe(false);
    expect(endedSocialSignIn('constructor')).toBe(false);
    expect(endedSocialSignIn(null)).toBe(false);
  });
});
