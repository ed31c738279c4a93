import { github, githubEmail } from './github.js';
import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = github({});
const USER = 'https://api.github.com/user';
const EMAILS = 'https://api.github.com/user/emails';

/** `/user` with no public address, and `/user/emails` listing the person's address as primary. */
const profileOf = (person: Person | undefined, extra: Record<string, unknown> = {}) => {
  const answers =
    person === undefined
      ? {}
      : {
          [USER]: {
            id: person.id === undefined ? undefined : Number(person.id),
            login: 'ada',
            name: person.name,
            ...extra,
          },
          [EMAILS]:
            person.email === undefined ? [] : [{ email: person.email, primary: true, verified: person.emailVerified }],
        };
  return descriptor.profile(fakeSources(descriptor, answers).sources);
};

describe('github profile', () => {
  it('keys the account by the numeric id, named by login when it has no name', async () => {
    await expect(profileOf({ ...ADA, name: undefined })).resolves.toMatchObject({ subject: ADA.id, name: 'ada' });
  });

  it.each(profileEdgeCases('flag', profileOf).filter(({ title }) => title !== 'no name: empty name'))(
    '$title',
    ({ check }) => check(),
  );
});

describe('github address', () => {
  const primary = { email: 'ada@example.com', primary: true, verified: true };
  const other = { email: 'ada@work.example', primary: false, verified: true };

  it('takes the primary address when GitHub verified it, over the public one', () => {
    expect(githubEmail('public@example.com', [primary])).toEqual({ email: 'ada@example.com', verified: true });
  });

  it('counts the public address as verified only when listed as verified', () => {
    const unverifiedPrimary = { ...primary, verified: false };
    expect(githubEmail('ada@work.example', [unverifiedPrimary, other])).toEqual({
      email: 'ada@work.example',
      verified: true,
    });
    expect(githubEmail('free@text.example', [unverifiedPrimary])).toEqual({
      email: 'free@text.example',
      verified: false,
    });
  });

  it('falls back to an unverified primary, then the first listed, then none', () => {
    expect(githubEmail(undefined, [{ ...primary, verified: false }, other])).toEqual({
      email: 'ada@example.com',
      verified: false,
    });
    expect(githubEmail(undefined, [other])).toEqual({ email: 'ada@work.example', verified: true });
    expect(githubEmail(undefined, [])).toEqual({ email: undefined, verified: false });
  });
});
