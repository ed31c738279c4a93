import { backupCodeIndex, hashCode, newBackupCodes, newMailedCode, sameHash } from './one-time-codes.js';

describe('one-time codes', () => {
  it('makes ten distinct backup codes of the form xxxxx-xxxxx', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('mails six digits', () => {
    expect(newMailedCode()).toMatch(/^\d{6}$/);
  });

  it('keeps only a hash, and finds a code among the hashes, never a spent one', () => {
    const codes = newBackupCodes();
    const hashes: (string | null)[] = codes.map(hashCode);
    expect(hashes[3]).not.toContain(codes[3]);
    expect(backupCodeIndex(hashes, codes[3]!)).toBe(3);
    hashes[3] = null;
    expect(backupCodeIndex(hashes, codes[3]!)).toBe(-1);
    expect(backupCodeIndex(hashes, 'aaaaa-bbbbb')).toBe(-1);
  });

  it('compares hashes of any length without throwing', () => {
    expect(sameHash(hashCode('1'), hashCode('1'))).toBe(true);
    expect(sameHash(hashCode('1'), hashCode('2'))).toBe(false);
    expect(sameHash(hashCode('1'), 'ab')).toBe(false);
  });
});
