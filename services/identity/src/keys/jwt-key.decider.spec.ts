import { JwtKeyIssued } from '@authsvc/contracts';
import { givenEvents } from '@authsvc/platform/testing';
import { decideJwtKey, type IssueJwtKey, type NewJwtKey } from './jwt-key.decider.js';
import { evolveJwtKey, initialJwtKeyState } from './jwt-key-state.js';

const jwtKeyDecider = { decide: decideJwtKey, evolve: evolveJwtKey, initialState: initialJwtKeyState };

const policy = { intervalSeconds: 3600, currentSealKeyId: 'seal-1' };
const newKey = (kid: string): NewJwtKey => ({
  kid,
  alg: 'EdDSA',
  publicKey: { kty: 'OKP', crv: 'Ed25519', x: `x-of-${kid}` },
  sealedPrivateKey: `sealed-${kid}`,
  sealedWith: 'seal-1',
});
const issue = (reason: IssueJwtKey['reason'], kid: string, now: string): IssueJwtKey => ({
  reason,
  key: newKey(kid),
  policy,
  now: new Date(now),
});
const history = (command: IssueJwtKey) => givenEvents(jwtKeyDecider).when(command).thenEvents();
const firstKey = history(issue('first-use', 'first', '2026-01-01T00:00:00.000Z'));

describe('jwt key decider', () => {
  it('issues the first key on first use, signing from now, its private half sealed and kept private', () => {
    const [event] = firstKey;
    expect(event.definition).toBe(JwtKeyIssued);
    expect(event.data).toEqual({
      kid: 'first',
      alg: 'EdDSA',
      publicKey: { kty: 'OKP', crv: 'Ed25519', x: 'x-of-first' },
      signsFrom: '2026-01-01T00:00:00.000Z',
      reason: 'first-use',
    });
    expect(event.personal).toEqual({ sealedPrivateKey: 'sealed-first', sealedWith: 'seal-1' });
    expect(JwtKeyIssued.personalIsPrivate).toBe(true);
  });

  it('issues nothing on a first use that another replica already served', () => {
    const events = givenEvents(jwtKeyDecider, firstKey)
      .when(issue('first-use', 'second', '2026-01-01T00:00:00.001Z'))
      .thenEvents();
    expect(events).toEqual([]);
  });

  it('rotates on schedule only once the interval has elapsed, and only once', () => {
    const early = issue('scheduled', 'second', '2026-01-01T00:59:59.999Z');
    expect(givenEvents(jwtKeyDecider, firstKey).when(early).thenEvents()).toEqual([]);
    const due = issue('scheduled', 'second', '2026-01-01T01:00:00.000Z');
    const rotated = givenEvents(jwtKeyDecider, firstKey).when(due).thenEvents();
    expect(rotated.map((event) => (event.data as { kid: string }).kid)).toEqual(['second']);
    const racing = issue('scheduled', 'third', '2026-01-01T01:00:00.001Z');
    expect(
      givenEvents(jwtKeyDecider, [...firstKey, ...rotated])
        .when(racing)
        .thenEvents(),
    ).toEqual([]);
  });

  it('does not rotate on schedule before there is a key', () => {
    expect(
      givenEvents(jwtKeyDecider)
        .when(issue('scheduled', 'x', '2026-01-01T00:00:00.000Z'))
        .thenEvents(),
    ).toEqual([]);
  });

  it('rotates on request at any moment', () => {
    const events = givenEvents(jwtKeyDecider, firstKey)
      .when(issue('requested', 'second', '2026-01-01T00:00:01.000Z'))
      .thenEvents();
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ kid: 'second', reason: 'requested' }),
    ]);
  });

  it('tracks the current key as events arrive', () => {
    expect(givenEvents(jwtKeyDecider, firstKey).state).toEqual({
      status: 'signing',
      current: { kid: 'first', signsFrom: new Date('2026-01-01T00:00:00.000Z'), sealedWith: 'seal-1' },
    });
  });
});
