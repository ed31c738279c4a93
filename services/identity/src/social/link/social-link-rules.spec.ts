import { decideLink, type LinkInput } from './social-link-rules.js';

const ada: LinkInput = {
  userId: 'ada',
  userEmail: 'ada@example.com',
  email: 'ada@example.com',
  emailVerified: true,
  linkingEnabled: true,
  providerTrusted: false,
  allowDifferentEmails: false,
};

describe('explicit linking (link-social)', () => {
  it('links a new provider identity with the same verified address', () => {
    expect(decideLink(ada)).toEqual({ kind: 'link' });
  });

  it("replaces the tokens of an identity that is the user's already", () => {
    expect(decideLink({ ...ada, linkedUserId: 'ada' })).toEqual({ kind: 'refresh-tokens' });
  });

  it("refuses an identity another user holds, whatever the user's address", () => {
    expect(decideLink({ ...ada, linkedUserId: 'grace' })).toEqual({
      kind: 'refused',
      reason: 'account_already_linked_to_different_user',
    });
  });

  it('refuses when linking is off (ACCOUNT_LINKING_ENABLED=false), even for a trusted provider', () => {
    expect(decideLink({ ...ada, linkingEnabled: false })).toEqual({ kind: 'refused', reason: 'linking_not_allowed' });
    expect(decideLink({ ...ada, linkingEnabled: false, providerTrusted: true })).toMatchObject({ kind: 'refused' });
  });

  it('takes an address the provider does not vouch for only from a trusted provider (TRUSTED_PROVIDERS)', () => {
    expect(decideLink({ ...ada, emailVerified: false })).toEqual({ kind: 'refused', reason: 'linking_not_allowed' });
    expect(decideLink({ ...ada, emailVerified: false, providerTrusted: true })).toEqual({ kind: 'link' });
  });

  it('refuses another address unless ALLOW_DIFFERENT_EMAILS', () => {
    const other = { ...ada, email: 'ada@elsewhere.example' };
    expect(decideLink(other)).toEqual({ kind: 'refused', reason: 'email_does_not_match' });
    expect(decideLink({ ...other, allowDifferentEmails: true })).toEqual({ kind: 'link' });
  });

  it('refuses a provider that gave no address', () => {
    expect(decideLink({ ...ada, email: null, allowDifferentEmails: true })).toEqual({
      kind: 'refused',
      reason: 'email_not_found',
    });
  });
});
