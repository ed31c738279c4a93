import type { FetchBody, ProfileSources, ProviderProfile } from '../provider-descriptor.js';

/**
 * The profile mapping shared by the provider descriptors. Provider payloads are untrusted JSON, so every field is
 * read defensively (a wrong type counts as absent), and most providers say where their fields are as data
 * (`FieldMap`) instead of code.
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

/** Verification flags arrive as booleans, strings (Apple's `"true"`) or numbers (Zoom's `1`); nothing else is a yes. */
export const isTrue = (value: unknown): boolean => value === true || value === 'true' || value === 1;

/** The value at a dotted path (`name.display_name`, `data.0`), `undefined` as soon as a step is missing. */
export const at = (source: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (Array.isArray(value) ? value[Number(key)] : asObject(value)?.[key]), source);

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

/** Where a provider keeps each profile field, as dotted paths into its user object. */
export interface FieldMap {
  /** The path under which the fields (and the raw profile) sit, when not at the top. */
  readonly root?: string;
  readonly subject: string;
  readonly email?: string;
  /** The flag that vouches for the address, or `false` where the provider cannot say. */
  readonly verified: string | false;
  /** Candidates in order, the first non-blank wins; a list of paths is joined (given and family name). */
  readonly name: readonly (string | readonly string[])[];
  readonly image?: string;
}

/** The profile of `body` as `map` describes it; the raw profile is the object at the map's root. */
export const mapFields = (body: JsonObject, map: FieldMap): ProviderProfile | null => {
  const user = map.root === undefined ? body : asObject(at(body, map.root));
  if (user === undefined) return null;
  const read = (path: string | undefined) => (path === undefined ? undefined : at(user, path));
  const names = map.name.map((entry) => (typeof entry === 'string' ? read(entry) : joinNames(...entry.map(read))));
  return toProfile({
    subject: read(map.subject),
    email: read(map.email),
    emailVerified: map.verified !== false && isTrue(read(map.verified)),
    name: firstText(...names),
    image: read(map.image),
    raw: user,
  });
};

/** The standard OpenID claims. */
export const OPENID_FIELDS: FieldMap = {
  subject: 'sub',
  email: 'email',
  verified: 'email_verified',
  name: ['name', 'preferred_username'],
  image: 'picture',
};

/** `url` with `params` set in its query (an operator's override may already carry a query of its own). */
export const withQuery = (url: string, params: Readonly<Record<string, string>>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.href;
};

/** What the userinfo request carries besides the bearer token. */
export interface UserinfoRequest {
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** A POST body (Dropbox, VK), from the sources (client id, access token). */
  readonly body?: (sources: ProfileSources) => FetchBody;
}

/** The userinfo endpoint's JSON object, or `undefined` when there is no endpoint or no object came back. */
export const fetchUserinfo = async (
  sources: ProfileSources,
  request: UserinfoRequest = {},
): Promise<JsonObject | undefined> => {
  const endpoint = sources.endpoints.userinfo;
  if (endpoint === undefined) return undefined;
  const url = withQuery(endpoint, request.query ?? {});
  return asObject(await sources.fetchJson(url, request.headers, request.body?.(sources)));
};

/** A profile mapping that reads the userinfo endpoint's answer with `map`. */
export const userinfoProfile =
  (map: FieldMap, request: UserinfoRequest = {}) =>
  async (sources: ProfileSources): Promise<ProviderProfile | null> => {
    const body = await fetchUserinfo(sources, request);
    return body === undefined ? null : mapFields(body, map);
  };
