import { CreateSessionRequest, UserViewPayload } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { validateContract } from './validate-contract.js';

const user = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  image: null,
  emailVerified: false,
  username: null,
  displayUsername: null,
  role: 'user',
  banned: false,
  banReason: null,
  banExpires: null,
  twoFactorEnabled: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const request = { correlationId: 'req-1', user, ipAddress: '127.0.0.1', userAgent: 'jest', rememberMe: true };

const validated = (payload: unknown) => validateContract(CreateSessionRequest, payload, RequestErrors.INVALID_BODY);
const rejected = (payload: unknown) => expect(validated(payload)).rejects.toBeInstanceOf(DomainError);

describe('validateContract', () => {
  it('answers an instance of the contract, nested contracts included', async () => {
    const instance = await validated(request);
    expect(instance).toBeInstanceOf(CreateSessionRequest);
    expect(instance.user).toBeInstanceOf(UserViewPayload);
    expect(instance.user).toEqual(user);
    expect(instance.rememberMe).toBe(true);
  });

  it('strips keys no rule names, at every level', async () => {
    const instance = await validated({ ...request, extra: 1, user: { ...user, isAdmin: true } });
    expect(instance).not.toHaveProperty('extra');
    expect(instance.user).not.toHaveProperty('isAdmin');
  });

  it("checks a nested contract with its own class's rules", async () => {
    await rejected({ ...request, user: { ...user, emailVerified: 'yes' } });
    await rejected({ ...request, user: { ...user, id: undefined } });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', 'user-1'],
    ['an array', [user]],
    ['an empty array', []],
  ])('refuses a nested contract that is %s', async (_case, value) => {
    await rejected({ ...request, user: value });
  });

  it('refuses a payload that is not an object', async () => {
    for (const payload of [null, 'text', 42, [request]]) await rejected(payload);
  });

  it('does not let a __proto__ key replace the prototype', async () => {
    const payload = JSON.parse(JSON.stringify(request).replace('{', '{"__proto__":{"rememberMe":false},'));
    const instance = await validated(payload);
    expect(Object.getPrototypeOf(instance)).toBe(CreateSessionRequest.prototype);
    expect(instance.rememberMe).toBe(true);
  });

  it('drops a constructor key like any other unknown key, at every level', async () => {
    const instance = await validated({ ...request, constructor: 'x', user: { ...user, constructor: 1 } });
    expect(instance.constructor).toBe(CreateSessionRequest);
    expect(instance.user.constructor).toBe(UserViewPayload);
  });
});
