import { gitlab, gitlabEndpoints } from './gitlab.js';
import { ADA, answeredAt, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = gitlab({});
const USER = 'https://gitlab.com/api/v4/user';

/** GitLab's `/api/v4/user` for the token's user: `id` is a JSON number. */
const gitlabUser = (person: Person, extra: Record<string, unknown> = {}) => ({
  id: person.id === undefined ? undefined : Number(person.id),
  username: person.name === undefined ? undefined : 'ada',
  name: person.name,
  email: person.email,
  email_verified: person.emailVerified,
  state: 'active',
  locked: false,
  avatar_url: 'https://gitlab.com/uploads/-/system/user/avatar/4815162342/avatar.png',
  web_url: 'https://gitlab.com/ada',
  ...extra,
});
const profileOf = answeredAt(descriptor, USER, gitlabUser);

describe('gitlab profile', () => {
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

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});

describe('gitlab endpoints', () => {
  it('derive from an instance base URL, which is also the issuer', () => {
    const { authorization, token, userinfo, jwks, issuer } = gitlabEndpoints('https://git.example.org/');
    expect(issuer).toBe('https://git.example.org');
    expect([authorization, token, userinfo, jwks]).toEqual([
      'https://git.example.org/oauth/authorize',
      'https://git.example.org/oauth/token',
      'https://git.example.org/api/v4/user',
      'https://git.example.org/oauth/discovery/keys',
    ]);
  });

  it('default to gitlab.com', () => {
    expect(descriptor.endpoints).toEqual(gitlabEndpoints('https://gitlab.com'));
    expect(gitlab({ issuer: 'https://git.example.org' }).endpoints).toEqual(gitlabEndpoints('https://git.example.org'));
    expect(descriptor.endpoints.userinfo).toBe(USER);
  });
});
