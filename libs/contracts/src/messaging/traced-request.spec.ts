import { validate } from 'class-validator';
import { CreateSessionRequest } from '../session/session.requests.js';
import { UserViewPayload } from '../identity/user.view.js';
import { SignUpEmailBody } from '../identity/register-user.request.js';
import { SignInEmailBody, SignInWithEmailRequest } from '../identity/sign-in.requests.js';
import { toContractInstance } from './contract-instance.js';
import { isTracedContract, traced, TracedRequest } from './traced-request.js';

/** A body with the trace metadata, as the services' requests are made. */
class TracedSignUp extends traced(SignUpEmailBody) {}

const body = { name: 'Ada', email: 'ada@example.com', password: 'a-long-password' };
const problemsOf = async (type: new () => object, payload: object) =>
  (await validate(toContractInstance(type, payload), { whitelist: true, forbidUnknownValues: true })).map(
    ({ property }) => property,
  );

describe('traced(Body)', () => {
  it("checks the body's fields with the body's rules, and the trace metadata", async () => {
    expect(await problemsOf(SignUpEmailBody, body)).toEqual([]);
    expect(await problemsOf(TracedSignUp, { ...body, correlationId: 'req-1' })).toEqual([]);
    expect(await problemsOf(TracedSignUp, body)).toEqual(['correlationId']);
    expect(await problemsOf(TracedSignUp, { ...body, email: 'x', correlationId: 'req-1' })).toEqual(['email']);
    expect(await problemsOf(TracedSignUp, { ...body, correlationId: 'req-1', actorId: 7 })).toEqual(['actorId']);
  });

  it('leaves the body without the trace metadata', async () => {
    const instance = toContractInstance(SignUpEmailBody, { ...body, correlationId: 'req-1' });
    await validate(instance, { whitelist: true });
    expect(instance).not.toHaveProperty('correlationId');
  });

  it('marks the messages, not their bodies, as traced contracts', () => {
    expect(isTracedContract(TracedSignUp)).toBe(true);
    expect(isTracedContract(SignInWithEmailRequest)).toBe(true);
    expect(isTracedContract(CreateSessionRequest)).toBe(true);
    expect(isTracedContract(TracedRequest)).toBe(true);
    expect(isTracedContract(SignUpEmailBody)).toBe(false);
    expect(isTracedContract(UserViewPayload)).toBe(false);
  });
});

describe('sessionClient(Credentials)', () => {
  const credentials = { email: 'ada@example.com', password: 'a-long-password' };
  const client = { correlationId: 'req-1', ipAddress: '127.0.0.1', userAgent: 'jest', rememberMe: false };

  it('needs the client facts, rememberMe included, which the HTTP body leaves optional', async () => {
    expect(await problemsOf(SignInEmailBody, credentials)).toEqual([]);
    expect(await problemsOf(SignInWithEmailRequest, { ...credentials, ...client })).toEqual([]);
    expect(await problemsOf(SignInWithEmailRequest, { ...credentials, ...client, rememberMe: undefined })).toEqual([
      'rememberMe',
    ]);
  });
});
