import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { InteractionDetails, InteractionResult } from 'oidc-provider';
import { readForm } from './loopback-server.js';
import type { OpenIdUsers } from './openid-users.js';

/** Where oidc-provider sends the browser when it needs a sign-in or a consent (see `interactions.url`). */
export const INTERACTION_PATH = /^\/interaction\/[\w-]+$/;

/**
 * The provider's sign-in and consent pages: a GET shows a plain form (for a person or a browser test), a POST
 * submits it. The sign-in form takes the subject to sign in as, with no password: it stands for the provider's
 * own login. An unknown subject stands for a user who cancels, so the client gets `error=access_denied`.
 */
export async function answerInteraction(
  provider: Provider,
  users: OpenIdUsers,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.method !== 'POST') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(details));
    return;
  }
  const form = await readForm(request);
  const result = await resultOf(provider, users, details, form.get('sub') ?? '');
  await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
}

async function resultOf(
  provider: Provider,
  users: OpenIdUsers,
  details: InteractionDetails,
  sub: string,
): Promise<InteractionResult> {
  if (details.prompt.name === 'login') {
    if (!users.has(sub)) return { error: 'access_denied', error_description: 'The user cancelled the sign-in.' };
    return { login: { accountId: sub } };
  }
  // Consent: grant what the client asked for, as a user pressing "Allow" does.
  const accountId = details.session?.accountId ?? '';
  const grant =
    (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
    new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return { consent: { grantId: await grant.save() } };
}

function page(details: InteractionDetails): string {
  const signIn = details.prompt.name === 'login';
  const field = signIn ? '<label>Subject <input name="sub" autofocus></label>' : '';
  const button = signIn ? 'Sign in' : 'Allow';
  return `<!doctype html><title>Local OpenID provider</title><form method="post" action="/interaction/${details.uid}">${field}<button>${button}</button></form>`;
}
