import { github } from '../providers/github.js';
import { tiktok } from '../providers/tiktok.js';
import { authorizationServer, clientAuthentication, providerClient } from './provider-server.js';

const authenticate = async (descriptor: ReturnType<typeof tiktok>) => {
  const body = new URLSearchParams();
  const headers = new Headers();
  await clientAuthentication(descriptor, 'secret')(
    authorizationServer(descriptor),
    providerClient('id'),
    body,
    headers,
  );
  return { body: Object.fromEntries(body), authorization: headers.get('authorization') };
};

describe('provider server', () => {
  it("sends the client's credentials in the body, under TikTok's client_key where it wants it", async () => {
    await expect(authenticate(github({}))).resolves.toEqual({
      body: { client_id: 'id', client_secret: 'secret' },
      authorization: null,
    });
    await expect(authenticate(tiktok({}))).resolves.toEqual({
      body: { client_key: 'id', client_secret: 'secret' },
      authorization: null,
    });
  });

  it("names a provider without an issuer by its authorization endpoint's origin, or by its token's issuer", () => {
    expect(authorizationServer(github({})).issuer).toBe('https://github.com');
    expect(authorizationServer(github({}), 'https://issuer.example').issuer).toBe('https://issuer.example');
  });
});
