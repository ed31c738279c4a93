/** What decides whether a provider identity may join the signed-in user who asked to link it. */
export interface LinkInput {
  /** The user who asked (link-social's session). */
  readonly userId: string;
  /** That user's address, as stored (lower-case). */
  readonly userEmail: string;
  /** The provider's address, lower-cased; `null` when it gave none. */
  readonly email: string | null;
  readonly emailVerified: boolean;
  /** The user holding this provider identity already, if any. */
  readonly linkedUserId?: string;
  readonly linkingEnabled: boolean;
  /** The provider is in `TRUSTED_PROVIDERS`. */
  readonly providerTrusted: boolean;
  readonly allowDifferentEmails: boolean;
}

export type LinkRefusal =
  'email_not_found' | 'linking_not_allowed' | 'email_does_not_match' | 'account_already_linked_to_different_user';

export type LinkDecision =
  | { readonly kind: 'link' }
  /** The identity is the user's already: its new tokens replace the account's. */
  | { readonly kind: 'refresh-tokens' }
  | { readonly kind: 'refused'; readonly reason: LinkRefusal };

/**
 * Explicit linking (link-social), in the reference's order. The user is signed in and proved control of the provider
 * account, so (unlike implicit linking at sign-in) their own address need not be verified, and a provider in
 * `TRUSTED_PROVIDERS` may link with an address it does not vouch for; still, unless different addresses are
 * allowed, the provider's must be the user's. A provider identity belongs to one user only.
 */
export function decideLink(input: LinkInput): LinkDecision {
  if (input.email === null) return { kind: 'refused', reason: 'email_not_found' };
  if (!input.linkingEnabled || !(input.emailVerified || input.providerTrusted)) {
    return { kind: 'refused', reason: 'linking_not_allowed' };
  }
  if (input.email !== input.userEmail && !input.allowDifferentEmails) {
    return { kind: 'refused', reason: 'email_does_not_match' };
  }
  if (input.linkedUserId === undefined) return { kind: 'link' };
  return input.linkedUserId === input.userId
    ? { kind: 'refresh-tokens' }
    : { kind: 'refused', reason: 'account_already_linked_to_different_user' };
}
