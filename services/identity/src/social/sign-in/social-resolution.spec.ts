import { resolveSocialSignIn, type ResolutionInput } from './social-resolution.js';

const input = (overrides: Partial<ResolutionInput> = {}): ResolutionInput => ({
  email: 'ada@example.com',
  emailVerified: true,
  linkingEnabled: true,
  disableSignUp: false,
  disableImplicitSignUp: false,
  requestSignUp: false,
  ...overrides,
});
const verifiedAda = { userId: 'ada', emailVerified: true };

describe('social sign-in resolution', () => {
  it('opens the account the provider identity is linked to, whatever the address says', () => {
    const result = resolveSocialSignIn(
      input({ linkedUserId: 'ada', userWithEmail: { userId: 'bob', emailVerified: true } }),
    );
    expect(result).toEqual({ kind: 'linked', userId: 'ada' });
  });

  it('refuses a provider that gave no address, as the reference does', () => {
    expect(resolveSocialSignIn(input({ email: null, linkedUserId: 'ada' }))).toEqual({
      kind: 'refused',
      error: 'email_not_found',
    });
  });

  it('links implicitly only when both sides verified the address and linking is on', () => {
    expect(resolveSocialSignIn(input({ userWithEmail: verifiedAda }))).toEqual({ kind: 'link', userId: 'ada' });
    const refused = { kind: 'refused', error: 'account_not_linked' };
    expect(resolveSocialSignIn(input({ userWithEmail: verifiedAda, emailVerified: false }))).toEqual(refused);
    expect(resolveSocialSignIn(input({ userWithEmail: { ...verifiedAda, emailVerified: false } }))).toEqual(refused);
    expect(resolveSocialSignIn(input({ userWithEmail: verifiedAda, linkingEnabled: false }))).toEqual(refused);
  });

  it('signs a new person up unless sign-up is off, or implicit sign-up is off and none was asked for', () => {
    expect(resolveSocialSignIn(input())).toEqual({ kind: 'sign-up' });
    const refused = { kind: 'refused', error: 'signup_disabled' };
    expect(resolveSocialSignIn(input({ disableSignUp: true, requestSignUp: true }))).toEqual(refused);
    expect(resolveSocialSignIn(input({ disableImplicitSignUp: true }))).toEqual(refused);
    expect(resolveSocialSignIn(input({ disableImplicitSignUp: true, requestSignUp: true }))).toEqual({
      kind: 'sign-up',
    });
  });
});
