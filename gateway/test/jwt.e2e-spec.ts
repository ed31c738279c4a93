import { randomUUID } from 'node:crypto';
import { BackEndNatsAccess, IdentityRpc, JwtKeyRpc, type ReplyOf, type RpcDefinition } from '@authsvc/contracts';
import { RequestErrors } from '@authsvc/errors';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { impersonate, signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { randomClientIp, request } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface PublishedJwk {
  alg: string;
  crv: string;
  x: string;
  kty: string;
  kid: string;
}

const SHORT_LIFETIME = 2;

describe('JWT: /jwks, /token and set-auth-jwt through the gateway', () => {
  let stack: TestStack;
  /** A second gateway whose tokens live SHORT_LIFETIME seconds, with an issuer and audience of its own. */
  let replica: string;
  let backEnd: NatsConnection;
  let actor: Actor;
  let firstJwks: PublishedJwk[];

  const jwksOf = async (baseUrl = stack.baseUrl) => {
    const answer = await request<{ keys: PublishedJwk[] }>(`${baseUrl}/api/auth/jwks`, {
      headers: { 'x-forwarded-for': randomClientIp() },
    });
    expect(answer.status).toBe(200);
    return answer.body.keys;
  };
  const tokenOf = async (who: Actor, baseUrl = stack.baseUrl) => {
    const answer = await request<{ token: string }>(`${baseUrl}/api/auth/token`, {
      headers: { 'x-forwarded-for': randomClientIp(), cookie: who.cookie },
    });
    expect(answer.status).toBe(200);
    return answer.body.token;
  };
  /** Verified as an internal system would: the keys fetched from /jwks, issuer and audience checked. */
  const verify = (token: string, issuer = stack.baseUrl) =>
    jwtVerify(token, createRemoteJWKSet(new URL(`${stack.baseUrl}/api/auth/jwks`)), { issuer, audience: issuer });
  /** A request of server code (the back end's NATS user), as `npm run admin` and key rotation send them. */
  const callBackEnd = async <TRequest, TReply>(rpc: RpcDefinition<TRequest, TReply>, data: TRequest) => {
    const packet = { pattern: rpc.subject, data, id: randomUUID() };
    const reply = await backEnd.request(rpc.subject, JSON.stringify(packet), { timeout: 10_000 });
    const { response, err } = reply.json<{ response?: TReply; err?: unknown }>();
    if (!response) throw new Error(`${rpc.subject} refused: ${JSON.stringify(err)}`);
    return response;
  };
  const rotate = (): Promise<ReplyOf<typeof JwtKeyRpc.rotate>> =>
    callBackEnd(JwtKeyRpc.rotate, { correlationId: randomUUID() });

  beforeAll(async () => {
    stack = await TestStack.start();
    replica = await stack.startGatewayReplica({
      JWT_EXPIRATION_TIME: String(SHORT_LIFETIME),
      JWT_ISSUER: 'https://issuer.example',
      JWT_AUDIENCE: 'https://audience.example',
    });
    backEnd = await connect({ ...stack.natsOptions(BackEndNatsAccess.user), waitOnFirstConnect: true });
    actor = await signUpActor(stack, 'jwt');
  });

  afterAll(async () => {
    await backEnd?.close();
    await stack?.stop();
  });

  it('creates one key on the first use of two gateways at once and publishes it without a session', async () => {
    const [viaGateway, viaReplica] = await Promise.all([jwksOf(), jwksOf(replica)]);
    expect(viaReplica).toEqual(viaGateway);
    expect(viaGateway).toEqual([
      { alg: 'EdDSA', crv: 'Ed25519', x: expect.stringMatching(/^[\w-]{43}$/), kty: 'OKP', kid: expect.any(String) },
    ]);
    firstJwks = viaGateway;
  });

  it("signs the signed-in user's token with the published key: the user's claims, 15 minutes, base URL", async () => {
    const token = await tokenOf(actor);
    const { payload, protectedHeader } = await verify(token);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: firstJwks[0].kid });
    expect(payload).toEqual(
      expect.objectContaining({
        id: actor.id,
        sub: actor.id,
        email: actor.email,
        name: actor.name,
        emailVerified: false,
        iss: stack.baseUrl,
        aud: stack.baseUrl,
      }),
    );
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(60);
  });

  it('takes its lifetime, issuer and audience from the configuration', async () => {
    const token = await tokenOf(actor, replica);
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: await jwksOf(replica) } as JSONWebKeySet), {
      issuer: 'https://issuer.example',
      audience: 'https://audience.example',
    });
    expect(payload.exp! - payload.iat!).toBe(SHORT_LIFETIME);
  });

  it('answers /token without a session with 401 UNAUTHORIZED', async () => {
    const answer = await request(stack.url('/api/auth/token'), { headers: { 'x-forwarded-for': randomClientIp() } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 'UNAUTHORIZED', message: RequestErrors.UNAUTHORIZED.message });
  });

  it.each([
    ['from the read model', ''],
    ['through the session service', '?disableRefresh=true'],
  ])('sends set-auth-jwt on get-session %s, exposed to other origins', async (_path, query) => {
    const answer = await actor.get(`/get-session${query}`);
    expect(answer.status).toBe(200);
    const token = answer.headers.get('set-auth-jwt');
    expect(token).toEqual(expect.any(String));
    expect(answer.headers.get('access-control-expose-headers')).toBe('set-auth-jwt');
    expect((await verify(token!)).payload.sub).toBe(actor.id);
  });

  it('sends no set-auth-jwt when get-session answers null', async () => {
    const answer = await request(stack.url('/api/auth/get-session'), {
      headers: { 'x-forwarded-for': randomClientIp() },
    });
    expect(answer.body).toBeNull();
    expect(answer.headers.get('set-auth-jwt')).toBeNull();
  });

  it("names the impersonating admin in an impersonation's tokens (RFC 8693 act claim), and only there", async () => {
    const admin = await signUpActor(stack, 'jwt-admin');
    await callBackEnd(IdentityRpc.setRoleByEmail, { email: admin.email, role: 'admin', correlationId: randomUUID() });
    const target = await signUpActor(stack, 'jwt-target');
    const impersonation = { ...admin, cookie: await impersonate(admin, target.id) };
    const { payload } = await verify(await tokenOf(impersonation));
    expect(payload).toMatchObject({ sub: target.id, id: target.id, act: { sub: admin.id } });
    const header = (
      await request(stack.url('/api/auth/get-session'), { headers: { cookie: impersonation.cookie } })
    ).headers.get('set-auth-jwt');
    expect((await verify(header!)).payload).toMatchObject({ sub: target.id, act: { sub: admin.id } });
    expect((await verify(await tokenOf(admin))).payload.act).toBeUndefined();
  });

  it('signs with the new key after a rotation and keeps publishing the old one while its tokens live', async () => {
    const oldToken = await tokenOf(actor);
    const rotated = await rotate();
    expect(rotated.kid).not.toBe(firstJwks[0].kid);
    const newToken = await eventually(
      async () => {
        const token = await tokenOf(actor);
        return decodeProtectedHeader(token).kid === rotated.kid ? token : undefined;
      },
      { what: 'a token signed with the new key' },
    );
    expect((await jwksOf()).map((key) => key.kid)).toEqual([firstJwks[0].kid, rotated.kid]);
    expect((await verify(oldToken)).protectedHeader.kid).toBe(firstJwks[0].kid);
    expect((await verify(newToken)).protectedHeader.kid).toBe(rotated.kid);
    // The replica's tokens live two seconds: the old key leaves its JWKS once the last of them has expired.
    await eventually(
      async () => {
        const kids = (await jwksOf(replica)).map((key) => key.kid);
        return kids.length === 1 && kids[0] === rotated.kid ? kids : undefined;
      },
      { what: 'the old key to leave the replica JWKS' },
    );
    expect((await jwksOf()).map((key) => key.kid)).toEqual([firstJwks[0].kid, rotated.kid]);
  });

  it('keeps its keys across a restart of the identity service', async () => {
    const before = await jwksOf();
    const token = await tokenOf(actor);
    await stack.restart('identity');
    // A fresh gateway has nothing cached: what it publishes comes from identity's store.
    await stack.restart('gateway');
    expect(await jwksOf()).toEqual(before);
    expect((await verify(token)).payload.sub).toBe(actor.id);
    expect(decodeProtectedHeader(await tokenOf(actor)).kid).toBe(before.at(-1)?.kid);
  });
});
