import { isRotationDue, rotationDueAt } from './jwt-key-rotation.js';

const signsFrom = new Date('2026-01-01T00:00:00.000Z');
const current = { signsFrom, sealedWith: 'seal-1' };
const daily = { intervalSeconds: 86_400, currentSealKeyId: 'seal-1' };

describe('rotationDueAt / isRotationDue', () => {
  it('is due one interval after the key began to sign', () => {
    expect(rotationDueAt(current, daily)).toEqual(new Date('2026-01-02T00:00:00.000Z'));
    expect(isRotationDue(current, new Date('2026-01-01T23:59:59.999Z'), daily)).toBe(false);
    expect(isRotationDue(current, new Date('2026-01-02T00:00:00.000Z'), daily)).toBe(true);
  });

  it('is never due with interval 0', () => {
    const never = { ...daily, intervalSeconds: 0 };
    expect(rotationDueAt(current, never)).toBeNull();
    expect(isRotationDue(current, new Date('2036-01-01T00:00:00.000Z'), never)).toBe(false);
  });

  it('is due at once when the key is sealed under a secret that is no longer the current one', () => {
    const rotatedSecret = { intervalSeconds: 0, currentSealKeyId: 'seal-2' };
    expect(rotationDueAt(current, rotatedSecret)).toEqual(signsFrom);
    expect(isRotationDue(current, signsFrom, rotatedSecret)).toBe(true);
  });
});
