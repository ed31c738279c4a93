import { ACTOR_PASSWORD, signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import { postJson, randomClientIp, request, uniqueEmail } from './support/http.js';

/** Issue 31's input findings: each refused with 400 VALIDATION_ERROR where it answered 500 or was taken. */
describe('input hardening', () => {
  let admin: AdminStack;
  let user: Actor;

  beforeAll(async () => {
    admin = await startAdminStack();
    user = await signUpActor(admin.stack, 'hardening');
  });

  afterAll(() => admin?.stop());

  const invalid = { status: 400, body: { code: 'VALIDATION_ERROR' } };
  const signUp = (body: Record<string, unknown>) =>
    postJson(
      admin.stack.url('/api/auth/sign-up/email'),
      { name: 'Ada', email: uniqueEmail('hardening'), password: ACTOR_PASSWORD, ...body },
      { 'x-forwarded-for': randomClientIp(), origin: new URL(admin.stack.url('/')).origin },
    );
  const createOrganization = (extra: Record<string, unknown>) =>
    user.post('/organization/create', { name: 'Acme', slug: uniqueSlug(), ...extra });
  /** An organization of `user`'s, to update. */
  const organizationToUpdate = async (): Promise<string> => {
    const created = await createOrganization({});
    expect(created.status).toBe(200);
    return (created.body as { id: string }).id;
  };
  /** `{a: {a: … value …}}`, `levels` objects deep. */
  const nested = (levels: number, value: unknown = 'x'): unknown => {
    let result = value;
    for (let level = 0; level < levels; level++) result = { a: result };
    return result;
  };
  /** The JSON text of `{"a":{"a":…"x"…}}`, `levels` objects deep: deeper than JSON.stringify can write. */
  const deepJson = (levels: number): string => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
  /** A body as JSON text, spliced: `{…fields, "<key>": <json>}`. */
  const postSpliced = (path: string, fields: Record<string, unknown>, key: string, json: string) =>
    request(admin.stack.url(`/api/auth${path}`), {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        origin: new URL(admin.stack.url('/')).origin,
        'content-type': 'application/json',
        'x-forwarded-for': randomClientIp(),
      },
      body: `${JSON.stringify(fields).slice(0, -1)}${Object.keys(fields).length > 0 ? ',' : ''}"${key}":${json}}`,
    });

  describe('free JSON (finding 2)', () => {
    it('refuses metadata nested thousands of levels deep, on create and update (it overflowed a serializer: 500)', async () => {
      const deep = deepJson(5000);
      const creation = { name: 'Acme', slug: uniqueSlug() };
      expect(await postSpliced('/organization/create', creation, 'metadata', deep)).toMatchObject(invalid);
      const organizationId = await organizationToUpdate();
      const update = `{"metadata":${deep}}`;
      expect(await postSpliced('/organization/update', { organizationId }, 'data', update)).toMatchObject(invalid);
    });

    it('bounds metadata to 8 levels and 16384 characters of JSON, and keeps line breaks in its text', async () => {
      expect(await createOrganization({ metadata: nested(8) })).toMatchObject({ status: 200 });
      expect(await createOrganization({ metadata: nested(9) })).toMatchObject(invalid);
      expect(await createOrganization({ metadata: { note: 'x'.repeat(16_400) } })).toMatchObject(invalid);
      const multiline = await createOrganization({ metadata: { note: 'line one\nline two\ttabbed' } });
      expect(multiline).toMatchObject({ status: 200, body: { metadata: { note: 'line one\nline two\ttabbed' } } });
      expect(await createOrganization({ metadata: { note: 'nul\u0000' } })).toMatchObject(invalid);
    });

    it('refuses any body nested deeper than 32 levels, whatever field holds it', async () => {
      expect(await postSpliced('/update-user', {}, 'email', deepJson(5000))).toMatchObject(invalid);
      expect(await signUp({ name: nested(40) })).toMatchObject(invalid);
    });
  });

  describe('control characters (finding 3)', () => {
    it('refuses a NUL in a name on sign-up, update-user and organization/create (PostgreSQL refused it: 500)', async () => {
      expect(await signUp({ name: 'Ada\u0000' })).toMatchObject(invalid);
      expect(await user.post('/update-user', { name: 'Ada\u0000' })).toMatchObject(invalid);
      expect(await createOrganization({ name: 'Acme\u0000' })).toMatchObject(invalid);
    });

    it('refuses other control characters in names, and in query values', async () => {
      for (const name of ['Ada\nLovelace', 'Ada\tLovelace', 'Ada\u001b[31m', 'Ada\u0085'])
        expect(await user.post('/update-user', { name })).toMatchObject(invalid);
      expect(await user.get('/organization/get-organization', { organizationSlug: 'acme\u0000' })).toMatchObject(
        invalid,
      );
    });

    it('takes any character in a password, NUL included, and tells it apart from the same without', async () => {
      const email = uniqueEmail('nul-password');
      const password = `${ACTOR_PASSWORD}\u0000\u0007`;
      expect(await signUp({ email, password })).toMatchObject({ status: 200 });
      const signIn = (candidate: string) =>
        postJson(
          admin.stack.url('/api/auth/sign-in/email'),
          { email, password: candidate },
          { 'x-forwarded-for': randomClientIp(), origin: new URL(admin.stack.url('/')).origin },
        );
      expect(await signIn(password)).toMatchObject({ status: 200 });
      expect(await signIn(ACTOR_PASSWORD)).toMatchObject({ status: 401 });
    });
  });

  describe('slugs (finding 4)', () => {
    it('refuses a slug the web client would refuse, on create, update and check-slug', async () => {
      for (const slug of ['Not A Slug!', 'UPPER', '-edge', 'two--hyphens', 'café'])
        expect(await createOrganization({ slug })).toMatchObject(invalid);
      const organizationId = await organizationToUpdate();
      expect(await user.post('/organization/update', { organizationId, data: { slug: 'Not A Slug!' } })).toMatchObject(
        invalid,
      );
      expect(await user.post('/organization/check-slug', { slug: 'Not A Slug!' })).toMatchObject(invalid);
      expect(await createOrganization({ slug: `${uniqueSlug()}-2` })).toMatchObject({ status: 200 });
    });
  });

  describe('logo and image URLs (finding 5)', () => {
    const refusedUrls = [
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'ftp://example.com/a.png',
      'a.png',
    ];

    it('takes only https (and http, in development) as an organization logo, on create and update', async () => {
      for (const logo of refusedUrls) expect(await createOrganization({ logo })).toMatchObject(invalid);
      const organizationId = await organizationToUpdate();
      for (const logo of refusedUrls)
        expect(await user.post('/organization/update', { organizationId, data: { logo } })).toMatchObject(invalid);
      expect(await createOrganization({ logo: 'https://example.com/logo.png' })).toMatchObject({ status: 200 });
      expect(await createOrganization({ logo: 'http://localhost:5173/logo.png' })).toMatchObject({ status: 200 });
    });

    it('takes only https (and http, in development) as a profile image: sign-up, update-user, admin', async () => {
      for (const image of refusedUrls) {
        expect(await signUp({ image })).toMatchObject(invalid);
        expect(await user.post('/update-user', { image })).toMatchObject(invalid);
        expect(
          await admin.root.post('/admin/create-user', {
            email: uniqueEmail('admin-made'),
            name: 'Made',
            data: { image },
          }),
        ).toMatchObject(invalid);
        expect(await admin.root.post('/admin/update-user', { userId: user.id, data: { image } })).toMatchObject(
          invalid,
        );
      }
      expect(await user.post('/update-user', { image: 'https://example.com/me.png' })).toMatchObject({ status: 200 });
      expect(await user.post('/update-user', { image: null })).toMatchObject({ status: 200 });
    });
  });
});
