import { gitlab, gitlabEndpoints } from './gitlab.js';
import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = gitlab({});
const USER = 'https://gitlab.com/api/v4/user';

/** GitLab's `/api/v4/user` for the token's user: `id` is a JSON number. */
const gitlabUser = (person: Person, extra: Record<string, unknown> = {}) => ({
  id: person.id === undefined ? undefined : Number(person.id),
  username: person.name === undefined ? undefined : 'ada',
  name: person.name,
  state: 'active',
  locked: false,
  avatar_url: 'https://gitlab.com/uploads/-/system/user/avatar/4815162342/avatar.png',
  web_url: 'https://gitlab.com/ada',
  email: person.email,
  email_verified: person.emailVerified,
  ...extra,
});
const profileOf = (person: Person | undefined, extra?: Record<string, unknown>) =>
  descriptor.profile(fakeSources(descriptor, person && { [USER]: gitlabUser(person, extra) }).sources);

describe('gitlab profile', () => {
  it.each(profileEdgeCases('flag'))('$title', async ({ person, expected }) => {
    await expect(profileOf(person)).resolves.toEqual(expected && expect.objectContaining(expected));
  });

  it('takes the avatar, and the username when the name is blank', async () => {
    const profile = await profileOf(ADA, { name: ' ' });
    expect(profile).toMatchObject({
      name: 'ada',
      image: gitlabUser(ADA).avatar_url,
      raw: { web_url: 'https://gitlab.com/ada' },
    });
  });

  it.each([{ state: 'blocked' }, { state: 'deactivated' }, { locked: true }])(
    'a user %o is no profile',
    async (extra) => {
      await expect(profileOf(ADA, extra)).resolves.toBeNull();
    },
  );
});

describe('gitlab endpoints', () => {
  it('derive from an instance base URL, which is also the issuer', () => {
    expect(gitlabEndpoints('https://git.example.org/')).toEqual({
      authorization: 'https://git.example.org/oauth/authorize',
      token: 'https://git.example.org/oauth/token',
      userinfo: 'https://git.example.org/api/v4/user',
      jwks: 'https://git.example.org/oauth/discovery/keys',
      issuer: 'https://git.example.org',
    });
  });

  it('default to gitlab.com', () => {
    expect(descriptor.endpoints).toEqual(gitlabEndpoints('https://gitlab.com'));
    expect(descriptor.endpoints.userinfo).toBe(USER);
  });
});
