import { describe, expect, it } from '@jest/globals';
import { explainRedirectError } from './redirect-errors';

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
});
