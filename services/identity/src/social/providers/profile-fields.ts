import type { ProfileSources, ProviderProfile } from '../provider-descriptor.js';

/**
 * Small readers shared by the provider descriptors: provider payloads are untrusted JSON, so every field is read
 * defensively (a wrong type counts as absent) and one function turns the fields into a `ProviderProfile`.
 */
export type JsonObject = Readonly<Record<string, unknown>>;

export const asObject = (value: unknown): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

/** A non-blank string, else `undefined`. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The first non-blank string among `values`, else `''` (the profile's "no name"). */
export const firstText = (...values: readonly unknown[]): string =>
  values.map(text).find((value) => value !== undefined) ?? '';

/** Name parts (given, family) joined as one display name; `''` when there are none. */
export const joinNames = (...parts: readonly unknown[]): string =>
  parts
    .map(text)
    .filter((part): part is string => part !== undefined)
    .join(' ');

/** Ids arrive as strings or JSON numbers (GitLab, Kick); both become the account key's string. */
export const identifier = (value: unknown): string | undefined =>
  text(value) ?? (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined);

/** OpenID booleans sometimes arrive as strings (Apple's `"true"`); anything else is not a yes. */
export const isTrue = (value: unknown): boolean => value === true || value === 'true';

export interface ProfileFields {
  readonly subject: unknown;
  readonly email?: unknown;
  readonly emailVerified?: boolean;
  readonly name?: string;
  readonly image?: unknown;
  readonly raw: JsonObject;
}

/**
 * The profile, or `null` without a usable subject (the account key). An address the provider did not give cannot
 * be verified, so `emailVerified` is only kept alongside an email.
 */
export const toProfile = (fields: ProfileFields): ProviderProfile | null => {
  const subject = identifier(fields.subject);
  if (subject === undefined) return null;
  const email = text(fields.email) ?? null;
  return {
    subject,
    email,
    emailVerified: email !== null && fields.emailVerified === true,
    name: fields.name ?? '',
    image: text(fields.image) ?? null,
    raw: fields.raw,
  };
};

/** Standard OpenID claims (`sub`, `email`, `email_verified`, `name`, `picture`) as a profile. */
export const openIdProfile = (
  claims: JsonObject,
  name: string = firstText(claims.name, claims.preferred_username),
): ProviderProfile | null =>
  toProfile({
    subject: claims.sub,
    email: claims.email,
    emailVerified: isTrue(claims.email_verified),
    name,
    image: claims.picture,
    raw: claims,
  });

/** `url` with `params` set in its query (an operator's override may already carry a query of its own). */
export const withQuery = (url: string, params: Readonly<Record<string, string>>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.href;
};

/** The userinfo endpoint's JSON object (with `query` added), or `undefined` when there is none or no object came. */
export const fetchUserinfo = async (
  sources: ProfileSources,
  query: Readonly<Record<string, string>> = {},
  headers?: Readonly<Record<string, string>>,
): Promise<JsonObject | undefined> => {
  const endpoint = sources.endpoints.userinfo;
  if (endpoint === undefined) return undefined;
  return asObject(await sources.fetchJson(withQuery(endpoint, query), headers));
};
