import { AuthErrors, RequestErrors } from '@authsvc/errors';
import { NoRespondersError, RequestError } from '@nats-io/transport-node';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { RpcTimeoutError } from '../nats/multiplexed-nats-client';
import { rpcFailure } from './rpc-failure';

describe('rpcFailure', () => {
  it("passes a service's catalogue error on as it was sent, status included", () => {
    const refused = { ...AuthErrors.USER_NOT_FOUND, status: 401 };
    expect(rpcFailure(refused)).toEqual({ error: refused, unexpected: false });
  });

  it('makes silence a 503: no answer in time, nobody listening, an empty answer', () => {
    const silences = [
      new RpcTimeoutError('identity.rpc.user.get', 100),
      new EmptyResponseException('identity.rpc.user.get'),
      new NoRespondersError('identity.rpc.user.get'),
      new RequestError('no responders', { cause: new NoRespondersError('identity.rpc.user.get') }),
    ];
    for (const silence of silences) {
      expect(rpcFailure(silence)).toEqual({ error: RequestErrors.SERVICE_UNAVAILABLE, unexpected: false });
    }
  });

  it('makes a bad reply an unexpected 500: unparsable, or an error that is not a catalogue entry', () => {
    const badReplies = [
      new SyntaxError('Unexpected token o in JSON at position 1'),
      { status: 'error', message: 'Internal server error' },
      { code: 'NOT_AN_HTTP_STATUS', message: 'x', status: 200 },
      'Internal server error',
      undefined,
    ];
    for (const badReply of badReplies) {
      expect(rpcFailure(badReply)).toEqual({ error: RequestErrors.INTERNAL_SERVER_ERROR, unexpected: true });
    }
  });
});
