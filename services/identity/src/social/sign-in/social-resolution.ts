/** What the sign-in knows when it decides whose account the provider identity opens. */
export interface ResolutionInput {
  readonly email: string | null;
  /** Whether the provider vouches for the address. */
  readonly emailVerified: boolean;
  /** The user the provider identity (provider, issuer, subject) is linked to, if any. */
  readonly linkedUserId?: string;
  /** The user who holds the address, if any. */
  readonly userWithEmail?: { readonly userId: string; readonly emailVerified: boolean };
  readonly linkingEnabled: boolean;
  /** `<ID>_DISABLE_SIGN_UP`. */
  readonly disableSignUp: boolean;
  /** `<ID>_DISABLE_IMPLICIT_SIGN_UP`: sign-up only when the client asked for it. */
  readonly disableImplicitSignUp: boolean;
  readonly requestSignUp: boolean;
}

export type Resolution =
  | { readonly kind: 'linked'; readonly userId: string }
  | { readonly kind: 'link'; readonly userId: string }
  | { readonly kind: 'sign-up' }
  | { readonly kind: 'refused'; readonly error: 'email_not_found' | 'account_not_linked' | 'signup_disabled' };

/**
 * Whose account a provider identity opens, as the reference decides, but safer. A linked identity opens its user's.
 * An unknown identity whose address a user holds joins that user only when the provider vouches for the address
 * AND the user proved it to us AND linking is on: otherwise whoever controls an unverified address at some provider
 * (or registered ours first) would take the account over; a "trusted" provider does not lift this. No user with the
 * address: a new one, unless sign-up is off for the provider.
 */
export function resolveSocialSignIn(input: ResolutionInput): Resolution {
  if (input.email === null) return { kind: 'refused', error: 'email_not_found' };
  if (input.linkedUserId !== undefined) return { kind: 'linked', userId: input.linkedUserId };
  const holder = input.userWithEmail;
  if (holder !== undefined) {
    const mayLink = input.linkingEnabled && input.emailVerified && holder.emailVerified;
    return mayLink ? { kind: 'link', userId: holder.userId } : { kind: 'refused', error: 'account_not_linked' };
  }
  const signUpOff = input.disableSignUp || (input.disableImplicitSignUp && !input.requestSignUp);
  return signUpOff ? { kind: 'refused', error: 'signup_disabled' } : { kind: 'sign-up' };
}
