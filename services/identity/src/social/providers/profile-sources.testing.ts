import { deepStrictEqual } from 'node:assert/strict';

import type { FetchBody, ProfileSources, ProviderDescriptor, ProviderProfile } from '../provider-descriptor.js';

/** A request a mapping made through `fetchJson`, as a spec checks it. */
export interface FetchedRequest {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: FetchBody;
}

export interface FakeSources {
  readonly sources: ProfileSources;
  readonly requests: FetchedRequest[];
}

/**
 * Profile sources for a descriptor's specs: `answers` maps a full URL to the JSON the provider sends there; any
 * other URL answers `undefined`, as `fetchJson` does for a provider error. The input of a pure mapping, not a mock.
 */
export const fakeSources = (
  descriptor: ProviderDescriptor,
  answers: Readonly<Record<string, unknown>> = {},
  given: Partial<Omit<ProfileSources, 'fetchJson' | 'endpoints'>> = {},
): FakeSources => {
  const requests: FetchedRequest[] = [];
  const fetchJson = async (
    url: string,
    headers?: Readonly<Record<string, string>>,
    body?: FetchBody,
  ): Promise<unknown> => {
    requests.push({ url, ...(headers === undefined ? {} : { headers }), ...(body === undefined ? {} : { body }) });
    return answers[url];
  };
  return {
    requests,
    sources: { tokenResponse: {}, clientId: 'client-id', ...given, fetchJson, endpoints: descriptor.endpoints },
  };
};

/** The person a spec's payload factory writes in its provider's own shape; an absent field is left out. */
export interface Person {
  readonly id?: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
  /** Given and family name, space-separated. */
  readonly name?: string;
}

export const ADA: Person = { id: '4815162342', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' };

/**
 * What the provider can say about an address: a verified flag of its own, only unverified addresses, only
 * confirmed ones (X), or none at all (Reddit, TikTok).
 */
export type EmailTrust = 'flag' | 'never-verified' | 'confirmed-only' | 'no-email';

/** A provider's profile of a person (its payload factory applied); `undefined`: the provider gave no user info. */
export type ProfileOf = (
  person: Person | undefined,
  extra?: Readonly<Record<string, unknown>>,
) => Promise<ProviderProfile | null>;

/** `ProfileOf` for a provider whose user info is the JSON `payload` answered at `url`. */
export const answeredAt =
  (
    descriptor: ProviderDescriptor,
    url: string,
    payload: (person: Person, extra: Readonly<Record<string, unknown>>) => unknown,
  ): ProfileOf =>
  (person, extra = {}) =>
    descriptor.profile(fakeSources(descriptor, person && { [url]: payload(person, extra) }).sources);

/** `ProfileOf` for a provider whose user info is its verified id token's claims. */
export const fromIdToken =
  (
    descriptor: ProviderDescriptor,
    claims: (person: Person, extra: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>,
  ): ProfileOf =>
  (person, extra = {}) =>
    descriptor.profile(fakeSources(descriptor, {}, person && { idTokenClaims: claims(person, extra) }).sources);

export interface EdgeCase {
  readonly title: string;
  /** Maps the case's person and throws, with the difference, unless the profile is as expected. */
  readonly check: () => Promise<void>;
}

const pick = (profile: ProviderProfile, fields: Partial<ProviderProfile>): Partial<ProviderProfile> =>
  Object.fromEntries(Object.keys(fields).map((key) => [key, profile[key as keyof ProviderProfile]]));

/**
 * The cases every mapping must get right, whatever the provider's payload looks like: a complete profile, no
 * email, no name, no subject, no user info at all, and an unverified address where the provider can say.
 */
export const profileEdgeCases = (trust: EmailTrust, profileOf: ProfileOf): EdgeCase[] => {
  const email = trust === 'no-email' ? null : ADA.email;
  const verified = trust === 'flag' || trust === 'confirmed-only';
  const cases: { title: string; person: Person | undefined; expected: Partial<ProviderProfile> | null }[] = [
    {
      title: 'a complete profile',
      person: ADA,
      expected: { subject: ADA.id, email, emailVerified: verified, name: ADA.name },
    },
    {
      title: 'no email: email null, not verified',
      person: { ...ADA, email: undefined },
      expected: { email: null, emailVerified: false },
    },
    { title: 'no name: empty name', person: { ...ADA, name: undefined }, expected: { subject: ADA.id, name: '' } },
    { title: 'no subject: no profile', person: { ...ADA, id: undefined }, expected: null },
    { title: 'no user info: no profile', person: undefined, expected: null },
  ];
  if (trust === 'flag') {
    cases.push({
      title: 'an unverified email',
      person: { ...ADA, emailVerified: false },
      expected: { email, emailVerified: false },
    });
  }
  return cases.map(({ title, person, expected }) => ({
    title,
    check: async () => {
      const profile = await profileOf(person);
      deepStrictEqual(profile === null || expected === null ? profile : pick(profile, expected), expected);
    },
  }));
};

/** `{given, family}` of a person's name, for payloads that split it. */
export const nameParts = (person: Person): { given?: string; family?: string } => {
  const [given, ...family] = person.name?.split(' ') ?? [];
  return { given, family: family.length > 0 ? family.join(' ') : undefined };
};
