import { describe, expect, it } from '@jest/globals';
import {
  backupCodesText,
  digitsOfCode,
  endsSignInAttempt,
  normaliseBackupCode,
  offeredMethods,
  twoFactorChallenge,
} from './one-time-codes';

describe('offeredMethods', () => {
  it('offers the methods the answer names, in their order, and backup codes', () => {
    expect(offeredMethods(['otp'])).toEqual(['otp', 'backup']);
    expect(offeredMethods(['otp', 'totp'])).toEqual(['totp', 'otp', 'backup']);
  });

  it('offers every method when the answer names none it knows', () => {
    expect(offeredMethods(undefined)).toEqual(['totp', 'otp', 'backup']);
    expect(offeredMethods(['sms'])).toEqual(['totp', 'otp', 'backup']);
    expect(offeredMethods('totp')).toEqual(['totp', 'otp', 'backup']);
  });
});

describe('twoFactorChallenge', () => {
  it('reads the challenge of a sign-in answer', () => {
    expect(twoFactorChallenge({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })).toEqual({
      methods: ['totp', 'backup'],
    });
  });

  it('sees none in a signed-in answer or in no answer', () => {
    expect(twoFactorChallenge({ redirect: false, token: 't', user: {} })).toBeNull();
    expect(twoFactorChallenge({ twoFactorRedirect: 'true' })).toBeNull();
    expect(twoFactorChallenge(null)).toBeNull();
  });
});

describe('digitsOfCode', () => {
  it('drops the spaces and hyphens people paste', () => {
    expect(digitsOfCode(' 123 456 ')).toBe('123456');
    expect(digitsOfCode('123-456')).toBe('123456');
  });
});

describe('normaliseBackupCode', () => {
  it('puts the hyphen back in a code typed without it', () => {
    expect(normaliseBackupCode('aB3dE fG7hJ')).toBe('aB3dE-fG7hJ');
    expect(normaliseBackupCode(' aB3dEfG7hJ ')).toBe('aB3dE-fG7hJ');
  });

  it('leaves a code of another length as typed, trimmed, for the server to refuse', () => {
    expect(normaliseBackupCode(' abc ')).toBe('abc');
  });
});

describe('backupCodesText', () => {
  it('numbers the codes under a title naming the account', () => {
    const codes = Array.from({ length: 10 }, (_, index) => `code${index}-xxxxx`);
    const lines = backupCodesText(codes, 'ada@example.com').split('\n');
    expect(lines[0]).toBe('Backup codes for ada@example.com (each works once)');
    expect(lines[1]).toBe(' 1. code0-xxxxx');
    expect(lines[10]).toBe('10. code9-xxxxx');
  });
});

describe('endsSignInAttempt', () => {
  it('is over when the challenge is gone or the account locked, whatever the method', () => {
    for (const method of ['totp', 'otp', 'backup'] as const) {
      expect(endsSignInAttempt('INVALID_TWO_FACTOR_COOKIE', method)).toBe(true);
      expect(endsSignInAttempt('ACCOUNT_TEMPORARILY_LOCKED', method)).toBe(true);
    }
  });

  it('is over after too many tries at the app or backup codes, but a mailed code can be sent again', () => {
    expect(endsSignInAttempt('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'totp')).toBe(true);
    expect(endsSignInAttempt('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'backup')).toBe(true);
    expect(endsSignInAttempt('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'otp')).toBe(false);
  });

  it('goes on after a wrong code or no error', () => {
    expect(endsSignInAttempt('INVALID_CODE', 'totp')).toBe(false);
    expect(endsSignInAttempt(undefined, 'totp')).toBe(false);
  });
});
