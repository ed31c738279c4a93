import type { ProviderEndpoints, ProviderFactory } from '../provider-descriptor.js';
import { mapFields, fetchUserinfo } from './profile-fields.js';

/** A GitLab instance's endpoints from its base URL, which is also its issuer (gitlab.com or self-hosted). */
export const gitlabEndpoints = (issuer: string): ProviderEndpoints => {
  const base = issuer.replace(/\/+$/, '');
  return {
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    userinfo: `${base}/api/v4/user`,
    jwks: `${base}/oauth/discovery/keys`,
    issuer: base,
  };
};

/** GitLab: `/api/v4/user`; a blocked or locked user is no usable profile. */
export const gitlab: ProviderFactory = (settings) => ({
  id: 'gitlab',
  // A self-hosted instance is named by GITLAB_ISSUER alone; explicit endpoint overrides still win.
  endpoints: gitlabEndpoints(settings.issuer ?? 'https://gitlab.com'),
  scopes: ['read_user'],
  pkce: true,
  idTokenSignIn: false,
  profile: async (sources) => {
    const user = await fetchUserinfo(sources);
    if (user === undefined || user.state !== 'active' || user.locked === true) return null;
    const fields = { subject: 'id', email: 'email', verified: 'email_verified', image: 'avatar_url' };
    return mapFields(user, { ...fields, name: ['name', 'username'] });
  },
});
