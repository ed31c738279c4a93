import { nextSignatureCounter } from './counter-rule.js';

describe('nextSignatureCounter', () => {
  it('advances to a greater counter', () => {
    expect(nextSignatureCounter(0, 1)).toBe(1);
    expect(nextSignatureCounter(5, 9)).toBe(9);
  });

  it('accepts 0 after 0: the authenticator keeps no counter', () => {
    expect(nextSignatureCounter(0, 0)).toBe(0);
  });

  it('refuses a counter that stands still or goes backwards once one was kept', () => {
    expect(nextSignatureCounter(5, 5)).toBeNull();
    expect(nextSignatureCounter(5, 4)).toBeNull();
    expect(nextSignatureCounter(5, 0)).toBeNull();
  });
});
