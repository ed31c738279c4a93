import { signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { randomClientIp, request, uniqueEmail, type JsonResponse } from './support/http.js';
import { TestStack } from './support/test-stack.js';

/** Issue 31, finding 1: invitation mails cannot flood an address, and nobody holds organizations without end. */
describe('invitation mail limits', () => {
  let stack: TestStack;
  let owner: Actor;

  beforeAll(async () => {
    stack = await TestStack.start();
    owner = await signUpActor(stack, 'inviting-owner');
  });

  afterAll(() => stack?.stop());

  /** A POST as `actor`, from a client address of its own (so that the per-client rule stays out of the way). */
  const postAs = <T>(actor: Actor, path: string, body: unknown, ip = randomClientIp()): Promise<JsonResponse<T>> =>
    request<T>(stack.url(`/api/auth${path}`), {
      method: 'POST',
      headers: {
        cookie: actor.cookie,
        origin: new URL(stack.url('/')).origin,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify(body),
    });

  const createOrganization = async (creator: Actor): Promise<string> => {
    const created = await postAs<{ id: string }>(creator, '/organization/create', { name: 'Acme', slug: uniqueSlug() });
    expect(created.status).toBe(200);
    return created.body.id;
  };

  const invite = (organizationId: string, email: string, extra: Record<string, unknown> = {}, ip?: string) =>
    postAs(owner, '/organization/invite-member', { email, role: 'member', organizationId, ...extra }, ip);

  const tooManyRequests = { status: 429, body: { code: 'TOO_MANY_REQUESTS' } };

  it('limits invite-member to 3 requests per 10 s per client, as every route that sends mail', async () => {
    const organizationId = await createOrganization(owner);
    const ip = randomClientIp();
    for (let index = 0; index < 3; index++)
      expect(await invite(organizationId, uniqueEmail('per-client'), {}, ip)).toMatchObject({ status: 200 });
    const fourth = await invite(organizationId, uniqueEmail('per-client'), {}, ip);
    expect(fourth).toMatchObject(tooManyRequests);
    expect(Number(fourth.headers.get('x-retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('mails one invitation at most once a minute: a resend within it is 429 with X-Retry-After, from any client', async () => {
    const organizationId = await createOrganization(owner);
    const email = uniqueEmail('resent');
    expect(await invite(organizationId, email)).toMatchObject({ status: 200 });
    const resent = await invite(organizationId, email, { resend: true });
    expect(resent).toMatchObject(tooManyRequests);
    const retryAfter = Number(resent.headers.get('x-retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same address in another spelling is the same recipient.
    expect(await invite(organizationId, email.toUpperCase(), { resend: true })).toMatchObject(tooManyRequests);
  });

  it('mails one address at most 10 invitations an hour, from every organization together', async () => {
    const email = uniqueEmail('popular');
    // One after the other: a user's creations are serialized (concurrent ones answer 409).
    const organizations: string[] = [];
    for (let index = 0; index < 11; index++) organizations.push(await createOrganization(owner));
    for (const organizationId of organizations.slice(0, 10))
      expect(await invite(organizationId, email)).toMatchObject({ status: 200 });
    expect(await invite(organizations[10], email)).toMatchObject(tooManyRequests);
    expect(await invite(organizations[10], uniqueEmail('other'))).toMatchObject({ status: 200 });
  });

  it('counts no invitation the service refused: a stranger cannot use up an address', async () => {
    const organizationId = await createOrganization(owner);
    const stranger = await signUpActor(stack, 'stranger');
    const email = uniqueEmail('protected');
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await postAs(stranger, '/organization/invite-member', { email, role: 'member', organizationId });
      expect(refused.status).toBe(400);
    }
    expect(await invite(organizationId, email)).toMatchObject({ status: 200 });
  });

  it('lets a user create 100 organizations and no more by default (ORGANIZATION_LIMIT)', async () => {
    const creator = await signUpActor(stack, 'collector');
    for (let index = 0; index < 100; index++) await createOrganization(creator);
    const beyond = await postAs(creator, '/organization/create', { name: 'One more', slug: uniqueSlug() });
    expect(beyond).toMatchObject({
      status: 403,
      body: { code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS' },
    });
  });

  describe('with RATE_LIMIT_ENABLED=false', () => {
    beforeAll(() => stack.restart('gateway', { RATE_LIMIT_ENABLED: 'false' }));

    it('mails an invitation again at once: the recipient limits are rate limits, off with the others', async () => {
      const organizationId = await createOrganization(owner);
      const email = uniqueEmail('unlimited');
      const ip = randomClientIp();
      expect(await invite(organizationId, email, {}, ip)).toMatchObject({ status: 200 });
      for (let resend = 0; resend < 4; resend++)
        expect(await invite(organizationId, email, { resend: true }, ip)).toMatchObject({ status: 200 });
    });
  });
});
