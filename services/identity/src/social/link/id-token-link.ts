import type { LinkWithIdTokenRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError, type ErrorDefinition } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { ClientIdTokens } from '../id-token/client-id-tokens.js';
import { SocialLinker, type LinkOutcome } from './social-linker.js';

/** link-social's id-token branch answers a refusal with the reference's errors and statuses. */
const ID_TOKEN_LINK_ERRORS: Readonly<Record<Extract<LinkOutcome, { ok: false }>['error'], ErrorDefinition>> = {
  email_not_found: AuthErrors.USER_EMAIL_NOT_FOUND,
  linking_not_allowed: AuthErrors.LINKING_NOT_ALLOWED,
  email_does_not_match: AuthErrors.DIFFERENT_EMAILS_NOT_ALLOWED,
  account_already_linked_to_different_user: AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED,
  unable_to_link_account: AuthErrors.UNABLE_TO_CREATE_ACCOUNT,
};

/** link-social with an id token the client brings: the token checked as at sign-in, then linked to the user. */
@Injectable()
export class IdTokenLink {
  constructor(
    private readonly idTokens: ClientIdTokens,
    private readonly linker: SocialLinker,
  ) {}

  async link(request: LinkWithIdTokenRequest): Promise<{ status: true }> {
    const { identity } = await this.idTokens.verify(request.provider, request);
    const outcome = await this.linker.link(identity, request.userId, request.correlationId);
    if (!outcome.ok) throw new DomainError(ID_TOKEN_LINK_ERRORS[outcome.error]);
    return { status: true };
  }
}
