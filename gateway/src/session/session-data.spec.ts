import { createHmac } from 'node:crypto';
import { KeyRing, SECRET_ITSELF } from '@authsvc/config';
import type { SessionView, UserView } from '@authsvc/contracts';
import { decodeSessionData, encodeSessionData, SESSION_DATA_MAX_LENGTH } from './session-data.js';

const ring = (...secrets: string[]) => new KeyRing(secrets, 'session-data');
const secret = ring('cookie-cache-test-secret-0123456789');
const now = new Date('2026-05-01T12:00:00.000Z');
const session = {
  id: 's1',
  token: 't'.repeat(32),
  userId: 'u1',
  expiresAt: '2026-05-08T12:00:00.000Z',
  ipAddress: '',
  userAgent: 'jest',
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  activeOrganizationId: null,
  activeTeamId: null,
} satisfies SessionView;
const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', image: null } as UserView;
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('session_data cookie', () => {
  it('round-trips within its lifetime in the reference envelope', () => {
    const raw = encodeSessionData({ session, user }, secret, now, 60);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    const envelope = JSON.parse(Buffer.from(raw, 'base64url').toString());
    expect(envelope).toEqual({
      session: { session, user, updatedAt: now.getTime() },
      expiresAt: now.getTime() + 60_000,
      signature: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(decodeSessionData(raw, secret, later(59))).toEqual({ status: 'valid', value: { session, user } });
  });

  it("signs as 1.7's getCookieCache checks: HMAC-SHA256 of the payload with its expiry, keyed by the secret", () => {
    const raw = encodeSessionData({ session, user }, new KeyRing(['the-secret'], SECRET_ITSELF), now, 60);
    const envelope = JSON.parse(Buffer.from(raw, 'base64url').toString());
    const signed = JSON.stringify({ ...envelope.session, expiresAt: envelope.expiresAt });
    expect(envelope.signature).toBe(createHmac('sha256', 'the-secret').update(signed).digest('base64url'));
  });

  it('reads a cookie of earlier versions, written without updatedAt', () => {
    const expiresAt = now.getTime() + 60_000;
    const signature = createHmac('sha256', secret.current.key)
      .update(JSON.stringify({ session, user, expiresAt }))
      .digest('base64url');
    const raw = Buffer.from(JSON.stringify({ session: { session, user }, expiresAt, signature })).toString('base64url');
    expect(decodeSessionData(raw, secret, now)).toEqual({ status: 'valid', value: { session, user } });
  });

  it('expires after its lifetime or with the session', () => {
    const raw = encodeSessionData({ session, user }, secret, now, 60);
    expect(decodeSessionData(raw, secret, later(60))).toEqual({ status: 'expired' });
    const ending = encodeSessionData(
      { session: { ...session, expiresAt: later(10).toISOString() }, user },
      secret,
      now,
      60,
    );
    expect(decodeSessionData(ending, secret, later(11))).toEqual({ status: 'expired' });
  });

  it('expires when written before sessions had an active team, so that the services answer and it is issued again', () => {
    const older: Record<string, unknown> = { ...session };
    delete older.activeTeamId;
    const raw = encodeSessionData({ session: older as unknown as SessionView, user }, secret, now, 60);
    expect(decodeSessionData(raw, secret, now)).toEqual({ status: 'expired' });
  });

  it('stays valid across a rotation while its secret is a previous one', () => {
    const raw = encodeSessionData({ session, user }, ring('old-secret'), now, 60);
    expect(decodeSessionData(raw, ring('new-secret', 'old-secret'), now).status).toBe('valid');
    expect(decodeSessionData(raw, ring('new-secret'), now)).toEqual({ status: 'invalid' });
  });

  it('is invalid when tampered with, signed with another secret, or not ours at all', () => {
    const raw = encodeSessionData({ session, user }, secret, now, 60);
    const envelope = JSON.parse(Buffer.from(raw, 'base64url').toString());
    envelope.session.user.email = 'mallory@example.com';
    const tampered = Buffer.from(JSON.stringify(envelope)).toString('base64url');
    expect(decodeSessionData(tampered, secret, now)).toEqual({ status: 'invalid' });
    expect(decodeSessionData(raw, ring('another-secret'), now)).toEqual({ status: 'invalid' });
    expect(decodeSessionData('not-base64-json', secret, now)).toEqual({ status: 'invalid' });
  });

  it('refuses data longer than a cookie can hold, with the catalogue error', () => {
    const big = { ...user, image: `https://img.example/${'x'.repeat(SESSION_DATA_MAX_LENGTH)}` };
    expect(() => encodeSessionData({ session, user: big }, secret, now, 60)).toThrow(
      expect.objectContaining({ code: 'SESSION_DATA_TOO_LARGE', status: 500 }),
    );
  });
});
