import { randomUUID } from 'node:crypto';
import { uniqueEmail } from '../http.js';
import type { Answer, SideName } from './pair.js';
import type { SocialFlow, SocialProviders } from './social-flow.js';
import type { WireShape } from './wire-shape.js';

/** In this run's subjects and addresses, so that they meet no other run's. */
const marker = `soc${Date.now().toString(36)}`;
export const now = () => Math.floor(Date.now() / 1000);

/**
 * A person at both providers: Google's subject and GitHub's numeric id, with their address (at GitHub none when
 * `hasAddress` is false).
 */
export function person(name: string, { emailVerified = true, hasAddress = true } = {}) {
  const email = uniqueEmail(`${marker}-${name}`);
  return {
    sub: `${marker}-${name}`,
    githubId: Math.floor(Math.random() * 1e9),
    email,
    emailVerified,
    hasAddress,
    name,
  };
}
export type Person = ReturnType<typeof person>;

/** Makes `p` known to both providers (again: a later change shows in later tokens). */
export function register(providers: SocialProviders, p: Person): void {
  providers.google.addUser({ sub: p.sub, email: p.email, emailVerified: p.emailVerified, name: p.name });
  const emails = [{ email: p.email, primary: true, verified: p.emailVerified, visibility: null }];
  providers.github.addUser({ id: p.githubId, login: p.name, name: p.name, emails: p.hasAddress ? emails : [] });
}

export type Answers = Record<SideName, Answer>;

/**
 * One step of the table: requests sent to both sides (`run` answers the compared one), and what the reference
 * answers to it, so that a step proves it reached the case its label names (both sides failing alike would not).
 */
export interface Step {
  readonly label: string;
  readonly reference: Partial<WireShape>;
  readonly run: (flow: SocialFlow, label: string) => Promise<Answers>;
}

export const signIn =
  (body: Record<string, unknown>): Step['run'] =>
  (flow, label) =>
    flow.start(label, 'browser', { callbackURL: '/dashboard', ...body });

/** An id token of `p` as the provider signs it (each one distinct), with `claims` changed. */
export const idTokenOf = (flow: SocialFlow, p: Person, claims: Record<string, unknown> = {}) =>
  flow.providers.idToken({
    sub: p.sub,
    email: p.email,
    email_verified: p.emailVerified,
    name: p.name,
    jti: randomUUID(),
    ...claims,
  });

/** Sign-in with an id token of `p`; `nonce`: the one the request names. */
export const idToken =
  (p: Person, claims: Record<string, unknown> = {}, nonce?: string): Step['run'] =>
  async (flow, label) =>
    flow.start(label, `id-token-${p.name}`, {
      provider: 'google',
      idToken: { token: await idTokenOf(flow, p, claims), nonce },
    });

/** Signs `p` in through `provider` as browser `p.name`, then comes back at the callback as `label` with `alter`. */
export const callback =
  (provider: 'google' | 'github', p: Person, alter?: (url: URL) => URL, body?: Record<string, unknown>): Step['run'] =>
  async (flow, label) => {
    register(flow.providers, p);
    const subject = provider === 'google' ? p.sub : String(p.githubId);
    return flow.callback(label, p.name, await flow.consented(p.name, provider, subject, body), alter);
  };

export const without = (name: string) => (url: URL) => {
  url.searchParams.delete(name);
  return url;
};
export const withParameter = (name: string, value: string) => (url: URL) => {
  url.searchParams.set(name, value);
  return url;
};
export const atPath = (from: string, to: string) => (url: URL) => new URL(url.href.replace(from, to));
export const read =
  (path: string, p: Person): Step['run'] =>
  (flow, label) =>
    flow.pair.send(label, { path: `/api/auth/${path}`, as: p.name });

export const OK = { status: 200 };
export const refused = (status: number, code: string) => ({ status, error: expect.objectContaining({ code }) });
export const to = (location: string) => ({ status: 302, location });
export const signedInTo = (location: string) => ({
  ...to(location),
  cookies: expect.arrayContaining([expect.stringMatching(/^better-auth\.session_token=<value>/)]),
});

/** `POST /api/auth/<path>` with `json`, as `p`'s browser (none: without a session). */
export const post =
  (path: string, json: unknown, p?: Person): Step['run'] =>
  (flow, label) =>
    flow.pair.send(label, { path: `/api/auth/${path}`, json, as: p?.name });

/** Link-social with an id token of `p` (its `claims` changed) as `as`'s browser. */
export const linkIdToken =
  (as: Person, p: Person, claims: Record<string, unknown> = {}): Step['run'] =>
  async (flow, label) =>
    post('link-social', { provider: 'google', idToken: { token: await idTokenOf(flow, p, claims) } }, as)(flow, label);

/** Each side's own row id of `p`'s account at `providerId`, read from its list-accounts. */
async function accountIdsOf(flow: SocialFlow, p: Person, providerId: string): Promise<Record<SideName, string>> {
  const listed = await flow.pair.send('setup: list-accounts', { path: '/api/auth/list-accounts', as: p.name });
  const idOn = (side: SideName) =>
    (listed[side].json as { id: string; providerId: string }[]).find((row) => row.providerId === providerId)!.id;
  return { ours: idOn('ours'), reference: idOn('reference') };
}

/**
 * A request about `p`'s account at `providerId` by 1.7's selection, each side naming its own row id: `POST <path>`
 * with `{accountId}`, or with `query` the `GET <path>?accountId=`.
 */
export const onAccount =
  (path: string, p: Person, providerId: string, { query = false } = {}): Step['run'] =>
  async (flow, label) => {
    const ids = await accountIdsOf(flow, p, providerId);
    return flow.pair.send(label, (side) =>
      query
        ? { path: `/api/auth/${path}?accountId=${ids[side.name]}`, as: p.name }
        : { path: `/api/auth/${path}`, json: { accountId: ids[side.name] }, as: p.name },
    );
  };
