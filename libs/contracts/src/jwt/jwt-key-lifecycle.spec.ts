import { publishedKeysAt, signingKeyAt } from './jwt-key-lifecycle.js';

const key = (kid: string, signsFrom: string) => ({ kid, signsFrom });
const first = key('first', '2026-01-01T00:00:00.000Z');
const second = key('second', '2026-02-01T00:00:00.000Z');
const third = key('third', '2026-03-01T00:00:00.000Z');
const FIFTEEN_MINUTES = 900;
const at = (iso: string) => new Date(iso);
const kids = (keys: readonly { kid: string }[]) => keys.map((each) => each.kid);

describe('signingKeyAt', () => {
  it('is the key whose signing period began last, whatever order the keys come in', () => {
    expect(signingKeyAt([third, first, second], at('2026-03-05T00:00:00.000Z'))).toBe(third);
    expect(signingKeyAt([third, first, second], at('2026-02-15T00:00:00.000Z'))).toBe(second);
  });

  it('takes over at the very moment its period begins', () => {
    expect(signingKeyAt([first, second], at(second.signsFrom))).toBe(second);
    expect(signingKeyAt([first, second], at('2026-01-31T23:59:59.999Z'))).toBe(first);
  });

  it('is the first key before any has begun (made a moment ago on a clock ahead of ours)', () => {
    expect(signingKeyAt([second, first], at('2025-12-31T23:59:59.900Z'))).toBe(first);
  });

  it('is none without keys', () => {
    expect(signingKeyAt([], at('2026-01-01T00:00:00.000Z'))).toBeUndefined();
  });
});

describe('publishedKeysAt', () => {
  it('publishes a replaced key until every token it signed has expired, then drops it', () => {
    const justBefore = at('2026-02-01T00:14:59.999Z');
    const expired = at('2026-02-01T00:15:00.000Z');
    expect(kids(publishedKeysAt([first, second], justBefore, FIFTEEN_MINUTES))).toEqual(['first', 'second']);
    expect(kids(publishedKeysAt([first, second], expired, FIFTEEN_MINUTES))).toEqual(['second']);
  });

  it('always publishes the newest key, also one that has not begun to sign', () => {
    expect(kids(publishedKeysAt([second, first], at('2026-01-15T00:00:00.000Z'), FIFTEEN_MINUTES))).toEqual([
      'first',
      'second',
    ]);
    expect(kids(publishedKeysAt([first, second, third], at('2027-01-01T00:00:00.000Z'), 60))).toEqual(['third']);
  });

  it('measures each key from its own successor', () => {
    const soon = key('soon', '2026-03-01T00:10:00.000Z');
    expect(kids(publishedKeysAt([second, third, soon], at('2026-03-01T00:20:00.000Z'), FIFTEEN_MINUTES))).toEqual([
      'third',
      'soon',
    ]);
  });
});
