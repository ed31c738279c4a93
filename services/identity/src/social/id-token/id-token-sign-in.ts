import type { SignInWithIdTokenRequest, UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetUserQuery } from '../../user/queries/get-user.handler.js';
import { TwoFactorGate, type SignInOutcome } from '../../two-factor/two-factor-gate.js';
import { SocialAccounts } from '../sign-in/social-accounts.js';
import { ClientIdTokens } from './client-id-tokens.js';
import { ID_TOKEN_SIGN_IN_ERRORS } from './id-token-rules.js';

/**
 * Sign-in with an id token the client brings (`sign-in/social` with `idToken`): the token checked (see
 * `ClientIdTokens`); then the same account resolution as the redirect flow, and the session service answers with
 * the session.
 */
@Injectable()
export class IdTokenSignIn {
  constructor(
    private readonly idTokens: ClientIdTokens,
    private readonly accounts: SocialAccounts,
    private readonly queries: QueryBus,
    private readonly gate: TwoFactorGate,
  ) {}

  async signIn(request: SignInWithIdTokenRequest): Promise<SignInOutcome> {
    const { identity, provider } = await this.idTokens.verify(request.provider, request);
    const outcome = await this.accounts.signIn(
      identity,
      provider,
      request.requestSignUp === true,
      request.correlationId,
    );
    if (!outcome.ok) throw new DomainError(ID_TOKEN_SIGN_IN_ERRORS[outcome.error]);
    const user: UserView | null = await this.queries.execute(new GetUserQuery(outcome.userId));
    if (user === null) throw new DomainError(AuthErrors.UNABLE_TO_CREATE_SESSION);
    return this.gate.pass(user, request, { newUser: outcome.newUser });
  }
}
