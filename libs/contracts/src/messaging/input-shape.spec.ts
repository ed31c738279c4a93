import {
  freeTextHoldsControlCharacter,
  holdsControlCharacter,
  nestedDeeperThan,
  ownCharacterRule,
} from './input-shape.js';

class Credentials {
  name = '';
  @ownCharacterRule()
  password = '';
}

class Wrapper {
  credentials = new Credentials();
  tags: string[] = [];
}

const withFields = <T extends object>(instance: T, fields: Partial<T>): T => Object.assign(instance, fields);

describe('nestedDeeperThan', () => {
  it('counts objects and arrays as levels, scalars as none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: 1 }, 0)).toBe(true);
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 2)).toBe(true);
  });

  it('stops at the bound, however deep the value goes', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nestedDeeperThan(deep, 32)).toBe(true);
  });
});

describe('holdsControlCharacter', () => {
  it.each(['\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f'])('finds %j in a field', (control) => {
    expect(holdsControlCharacter(withFields(new Credentials(), { name: `a${control}b` }))).toBe(true);
  });

  it('passes printable text of any script', () => {
    expect(holdsControlCharacter(withFields(new Credentials(), { name: 'Ada Lövelace 李 😀 \u00a0' }))).toBe(false);
  });

  it('leaves a field with its own rule (a password) alone, in nested contracts too', () => {
    const credentials = withFields(new Credentials(), { password: 'p\u0000ss' });
    expect(holdsControlCharacter(credentials)).toBe(false);
    expect(holdsControlCharacter(withFields(new Wrapper(), { credentials }))).toBe(false);
  });

  it('looks into lists, nested objects and keys', () => {
    expect(holdsControlCharacter(withFields(new Wrapper(), { tags: ['ok', 'n\u0000'] }))).toBe(true);
    expect(holdsControlCharacter({ outer: { 'k\u0000': 'v' } })).toBe(true);
    expect(holdsControlCharacter({ outer: { password: 'p\u0000' } })).toBe(true);
  });
});

describe('freeTextHoldsControlCharacter', () => {
  it('keeps tabs and line breaks as content, and finds every other control character', () => {
    expect(freeTextHoldsControlCharacter({ note: 'one\r\ntwo\tthree', list: ['x'] })).toBe(false);
    expect(freeTextHoldsControlCharacter({ note: ['\u0000'] })).toBe(true);
    expect(freeTextHoldsControlCharacter({ 'k\u001b': 1 })).toBe(true);
  });
});
