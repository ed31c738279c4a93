import type { ProfileSources, ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, identifier, text, toProfile } from './profile-fields.js';

const API = 'https://api.github.com';

/** One entry of GitHub's `/user/emails`. */
interface GitHubEmail {
  readonly email: string;
  readonly primary: boolean;
  readonly verified: boolean;
}

const emailsOf = async (sources: ProfileSources): Promise<GitHubEmail[]> => {
  const url = sources.endpoints.extra?.emails;
  const body = url === undefined ? undefined : await sources.fetchJson(url);
  if (!Array.isArray(body)) return [];
  return body.flatMap((value: unknown) => {
    const entry = asObject(value);
    const email = text(entry?.email);
    return email === undefined ? [] : [{ email, primary: entry?.primary === true, verified: entry?.verified === true }];
  });
};

/**
 * The address of the account and whether GitHub verified it: the primary address when verified, else the public
 * one, else the primary, else the first listed. Verified only when `/user/emails` lists that very address as
 * verified: the public `email` of `/user` is free text as far as we know.
 */
export const githubEmail = (
  publicEmail: string | undefined,
  emails: readonly GitHubEmail[],
): { email: string | undefined; verified: boolean } => {
  const primary = emails.find((entry) => entry.primary);
  const email =
    (primary?.verified === true ? primary.email : undefined) ?? publicEmail ?? primary?.email ?? emails[0]?.email;
  const verified = emails.some((entry) => entry.verified && entry.email.toLowerCase() === email?.toLowerCase());
  return { email, verified };
};

/** GitHub (plain OAuth 2.0): `/user` keyed by its numeric `id`, the address from `/user/emails`. */
export const github: ProviderFactory = () => ({
  id: 'github',
  endpoints: {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userinfo: `${API}/user`,
    extra: { emails: `${API}/user/emails` },
  },
  scopes: ['read:user', 'user:email'],
  pkce: true,
  idTokenSignIn: false,
  profile: async (sources) => {
    const user = await fetchUserinfo(sources);
    const subject = identifier(user?.id);
    if (user === undefined || subject === undefined) return null;
    const { email, verified } = githubEmail(text(user.email), await emailsOf(sources));
    return toProfile({
      subject,
      email,
      emailVerified: verified,
      name: firstText(user.name, user.login),
      image: user.avatar_url,
      raw: user,
    });
  },
});
