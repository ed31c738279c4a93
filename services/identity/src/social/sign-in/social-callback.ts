import type { SocialCallbackReply, SocialCallbackRequest } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetUserQuery } from '../../user/queries/get-user.handler.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { CodeExchange } from '../engine/code-exchange.js';
import { FlowStore } from '../flow/flow-store.js';
import type { SocialFlow } from '../flow/social-flow.js';
import { ProviderRegistry } from '../provider-registry.js';
import { authBase, providerErrorValue, withError } from './callback-redirects.js';
import { LINK_REDIRECT_ERRORS, SocialLinker } from '../link/social-linker.js';
import { SocialAccounts } from './social-accounts.js';
import { TwoFactorGate } from '../../two-factor/two-factor-gate.js';

/** Apple's `user` field: a JSON object, else nothing. */
const parsedUser = (user: string | undefined): Readonly<Record<string, unknown>> | undefined => {
  try {
    const value: unknown = user === undefined ? undefined : JSON.parse(user);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A provider's callback, in the reference's order: the flow of the state (taken once, and only by the browser its
 * cookie binds it to), the provider's error, the code, the provider, then (beyond the reference) a callback of
 * another provider than the flow's refused before any code exchange, the exchange, the account.
 */
@Injectable()
export class SocialCallback {
  constructor(
    private readonly flows: FlowStore,
    private readonly registry: ProviderRegistry,
    private readonly exchange: CodeExchange,
    private readonly accounts: SocialAccounts,
    private readonly linker: SocialLinker,
    private readonly queries: QueryBus,
    private readonly gate: TwoFactorGate,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async finish(request: SocialCallbackRequest): Promise<SocialCallbackReply> {
    const now = new Date();
    // Another browser's callback must not burn the flow for the one that started it: it is only read then.
    const flow = request.stateCookieMatches
      ? await this.flows.take(request.state, now)
      : await this.flows.peek(request.state, now);
    if (flow === undefined) return { redirect: withError(`${authBase(this.config.BASE_URL)}/error`, 'state_mismatch') };
    const fail = (error: string): SocialCallbackReply => ({ redirect: withError(flow.errorURL, error) });
    if (!request.stateCookieMatches) return fail('state_mismatch');
    if (request.error !== undefined) return fail(providerErrorValue(request.error));
    if (request.code === undefined || request.code === '') return fail('no_code');
    // A generic provider whose discovery fails is configured but out of reach for now: RFC 6749's
    // `temporarily_unavailable` tells the app to offer a retry (sign-in/social answers 503 then), where
    // `oauth_provider_not_found` would tell it the provider does not exist.
    const provider = await this.registry.find(request.providerId).catch(() => null);
    if (provider === null) return fail('temporarily_unavailable');
    if (provider === undefined) return fail('oauth_provider_not_found');
    // Mix-up defence (RFC 9700 §4.4): the code goes only to the provider the flow was started with.
    if (provider.descriptor.id !== flow.providerId) return fail('invalid_code');
    const exchanged = await this.exchange.exchange(
      provider,
      flow,
      { code: request.code, iss: request.iss, deviceId: request.deviceId, user: parsedUser(request.user) },
      now,
    );
    if (!exchanged.ok) return fail(exchanged.error);
    const { issuer, profile, tokens } = exchanged;
    const identity = { providerId: flow.providerId, issuer, profile, tokens };
    if (flow.linkUserId !== undefined) {
      // link-social: the account joins the user who asked, while still signed in in this browser (after a sign-out
      // the next person at a shared computer must not link their provider account to it); no session starts.
      if (request.signedInUserId !== flow.linkUserId) return fail('unable_to_link_account');
      const linked = await this.linker.link(identity, flow.linkUserId, request.correlationId);
      return linked.ok ? { redirect: flow.callbackURL } : fail(LINK_REDIRECT_ERRORS[linked.error]);
    }
    const outcome = await this.accounts.signIn(identity, provider.config, flow.requestSignUp, request.correlationId);
    if (!outcome.ok) return fail(outcome.error);
    const user = await this.queries.execute(new GetUserQuery(outcome.userId));
    if (user === null) return fail('unable_to_create_session');
    const { newUser } = outcome;
    // Social sign-ins remembered, as the gateway starts their sessions.
    const challenge = await this.gate.challengeFor(user, true, request.trustedDevice);
    if (challenge !== null) return { redirect: destination(flow, newUser), challenge, errorURL: flow.errorURL };
    return { redirect: destination(flow, newUser), user, newUser, errorURL: flow.errorURL };
  }
}

/** A new user goes to the new-user page when the app named one. */
const destination = (flow: SocialFlow, newUser: boolean): string =>
  newUser && flow.newUserURL !== undefined ? flow.newUserURL : flow.callbackURL;
