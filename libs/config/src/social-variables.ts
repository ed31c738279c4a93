import { ConfigError } from './config-error.js';
import { loadConfig, type Schema } from './load-config.js';
import { boolean, InvalidValue, list, optionalUrl, text, type Variable } from './variable.js';

/** The providers of the spec, each enabled by `<ID>_CLIENT_ID` and `<ID>_CLIENT_SECRET`. */
export const SOCIAL_PROVIDER_IDS = [
  'google',
  'github',
  'apple',
  'microsoft',
  'facebook',
  'discord',
  'huggingface',
  'spotify',
  'twitch',
  'twitter',
  'dropbox',
  'kick',
  'linkedin',
  'gitlab',
  'tiktok',
  'reddit',
  'roblox',
  'vk',
  'zoom',
] as const;

export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** Endpoint overrides, named after OpenID discovery metadata; absent: the provider's real endpoint. */
export interface EndpointOverrides {
  readonly authorization?: string;
  readonly token?: string;
  readonly userinfo?: string;
  readonly jwks?: string;
  readonly issuer?: string;
  /** GitHub's `/user/emails`. */
  readonly emails?: string;
}

/** One configured provider: one of the spec's 19, or a generic OpenID provider of `OIDC_PROVIDERS`. */
export interface SocialProviderConfig {
  readonly id: string;
  /** `builtin`: a provider of the spec; `oidc`: endpoints by discovery from its issuer. */
  readonly kind: 'builtin' | 'oidc';
  readonly clientId: string;
  readonly clientSecret: string;
  readonly endpoints: EndpointOverrides;
  /** Extra scopes, after the provider's defaults. */
  readonly scopes: readonly string[];
  readonly prompt?: string;
  /** No new user through this provider (sign-in of known accounts and linking still work). */
  readonly disableSignUp: boolean;
  /** No new user unless the client asked for sign-up (`requestSignUp`). */
  readonly disableImplicitSignUp: boolean;
}

export interface SocialConfig {
  readonly providers: readonly SocialProviderConfig[];
  readonly microsoftTenantId: string;
}

/** A generic provider's id: lower-case letters, digits and `-`, as it appears in `/callback/{id}`. */
const OIDC_ID = /^[a-z][a-z0-9-]{0,31}$/;

/** The variable prefix of a provider id (`acme-corp` → `ACME_CORP`). */
export const socialPrefix = (id: string): string => id.toUpperCase().replace(/-/g, '_');

function endpointUrl(production: boolean): Variable<string | undefined> {
  const parse = optionalUrl(['http:', 'https:']);
  return {
    ...parse,
    parse: (raw) => {
      const value = parse.parse(raw);
      // A provider endpoint over plain http would carry codes and tokens in clear: tests and local stand-ins only.
      if (value?.protocol === 'http:' && production) throw new InvalidValue('must use https: in production');
      // As written: an issuer is compared as a string, so `https://idp` must not become `https://idp/`.
      return value === undefined ? undefined : raw.trim();
    },
  };
}

function providerSchema(prefix: string, production: boolean, github: boolean): Schema {
  const endpoint = endpointUrl(production);
  return {
    [`${prefix}_CLIENT_ID`]: text(''),
    [`${prefix}_CLIENT_SECRET`]: text(''),
    [`${prefix}_AUTHORIZATION_ENDPOINT`]: endpoint,
    [`${prefix}_TOKEN_ENDPOINT`]: endpoint,
    [`${prefix}_USERINFO_ENDPOINT`]: endpoint,
    [`${prefix}_JWKS_URI`]: endpoint,
    [`${prefix}_ISSUER`]: endpoint,
    ...(github ? { [`${prefix}_EMAILS_ENDPOINT`]: endpoint } : {}),
    [`${prefix}_SCOPES`]: list(''),
    [`${prefix}_PROMPT`]: text(''),
    [`${prefix}_DISABLE_SIGN_UP`]: boolean(false),
    [`${prefix}_DISABLE_IMPLICIT_SIGN_UP`]: boolean(false),
  };
}

const optional = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The provider's settings, `undefined` when it is not enabled; a half-configured provider is an error. */
function readProvider(
  id: string,
  kind: SocialProviderConfig['kind'],
  env: NodeJS.ProcessEnv,
  production: boolean,
): SocialProviderConfig | undefined {
  const prefix = socialPrefix(id);
  const values = loadConfig(providerSchema(prefix, production, id === 'github'), env) as Record<string, unknown>;
  const clientId = optional(values[`${prefix}_CLIENT_ID`]);
  const clientSecret = optional(values[`${prefix}_CLIENT_SECRET`]);
  const issuer = values[`${prefix}_ISSUER`] as string | undefined;
  const missing = [
    ...(clientId === undefined ? [`${prefix}_CLIENT_ID`] : []),
    ...(clientSecret === undefined ? [`${prefix}_CLIENT_SECRET`] : []),
    ...(kind === 'oidc' && issuer === undefined ? [`${prefix}_ISSUER`] : []),
  ];
  if (kind === 'builtin' && missing.length === 2) return undefined;
  if (missing.length > 0 || clientId === undefined || clientSecret === undefined) {
    throw new ConfigError(missing.map((name) => `${name} is required to enable the provider "${id}"`));
  }
  const at = (name: string) => values[`${prefix}_${name}`] as string | undefined;
  const emails = at('EMAILS_ENDPOINT');
  return {
    id,
    kind,
    clientId,
    clientSecret,
    endpoints: {
      authorization: at('AUTHORIZATION_ENDPOINT'),
      token: at('TOKEN_ENDPOINT'),
      userinfo: at('USERINFO_ENDPOINT'),
      jwks: at('JWKS_URI'),
      issuer,
      ...(emails === undefined ? {} : { emails }),
    },
    scopes: values[`${prefix}_SCOPES`] as string[],
    prompt: optional(values[`${prefix}_PROMPT`]),
    disableSignUp: values[`${prefix}_DISABLE_SIGN_UP`] as boolean,
    disableImplicitSignUp: values[`${prefix}_DISABLE_IMPLICIT_SIGN_UP`] as boolean,
  };
}

function genericIds(env: NodeJS.ProcessEnv): string[] {
  const { OIDC_PROVIDERS: ids } = loadConfig({ OIDC_PROVIDERS: list('') }, env);
  const problems = ids.flatMap((id) => {
    if (!OIDC_ID.test(id)) return [`OIDC_PROVIDERS has "${id}": ids are lower-case letters, digits and -`];
    if ((SOCIAL_PROVIDER_IDS as readonly string[]).includes(id) || id === 'credential') {
      return [`OIDC_PROVIDERS has "${id}", the id of a provider of its own (use ${socialPrefix(id)}_* instead)`];
    }
    return [];
  });
  if (new Set(ids).size !== ids.length) problems.push('OIDC_PROVIDERS names a provider twice');
  if (problems.length > 0) throw new ConfigError(problems);
  return ids;
}

/**
 * The social providers in force: each of the spec's 19 whose client id and secret are set, then each generic OpenID
 * provider of `OIDC_PROVIDERS`. Every problem of every provider at once, each naming its variable.
 */
export function loadSocialConfig(env: NodeJS.ProcessEnv): SocialConfig {
  const production = (env.NODE_ENV ?? 'production').trim() === 'production';
  const problems: string[] = [];
  const providers: SocialProviderConfig[] = [];
  const read = (id: string, kind: SocialProviderConfig['kind']) => {
    try {
      const provider = readProvider(id, kind, env, production);
      if (provider !== undefined) providers.push(provider);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  };
  for (const id of SOCIAL_PROVIDER_IDS) read(id, 'builtin');
  try {
    for (const id of genericIds(env)) read(id, 'oidc');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  const { MICROSOFT_TENANT_ID } = loadConfig({ MICROSOFT_TENANT_ID: text('common') }, env);
  if (!/^[A-Za-z0-9.-]+$/.test(MICROSOFT_TENANT_ID)) {
    problems.push(`MICROSOFT_TENANT_ID must be a tenant GUID, domain, common, organizations or consumers`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { providers, microsoftTenantId: MICROSOFT_TENANT_ID };
}

/** Account linking (spec §4), as better-auth's `account.accountLinking` options. */
export const AccountLinkingVariables = {
  ACCOUNT_LINKING_ENABLED: boolean(true),
  /**
   * Providers whose accounts a signed-in user may link (link-social) without the provider vouching for the address.
   * Never used for implicit linking at sign-in: an unverified provider address must not take over an account.
   */
  TRUSTED_PROVIDERS: list(''),
  ALLOW_DIFFERENT_EMAILS: boolean(false),
  ALLOW_UNLINKING_ALL: boolean(false),
  UPDATE_USER_INFO_ON_LINK: boolean(false),
};
