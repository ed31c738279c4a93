import {
  AccountLinked,
  AccountUnlinked,
  CredentialAccountCreated,
  PasswordHashUpgraded,
  ProviderTokensRefreshed,
} from '@authsvc/contracts';
import type { RecordedEvent } from '@authsvc/platform';
import { evolveAccountView } from './account-view.projection.js';

function recorded(type: string, streamPosition: number, data: unknown, personal: unknown): RecordedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'user-u1',
    streamPosition,
    globalPosition: String(streamPosition),
    data,
    personal,
    personalSubject: 'u1',
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('account view projection', () => {
  it('stores the upgraded hash of the credential account', () => {
    const created = recorded(
      CredentialAccountCreated.type,
      2,
      { accountId: 'a1', userId: 'u1', createdAt: '2026-01-01T00:00:00.000Z' },
      { passwordHash: '$2b$04$legacy' },
    );
    const upgraded = recorded(
      PasswordHashUpgraded.type,
      3,
      { accountId: 'a1', userId: 'u1', upgradedAt: '2026-02-01T00:00:00.000Z' },
      { passwordHash: '$hmac-sha256$key1$2b$04$new' },
    );
    expect(evolveAccountView(evolveAccountView(null, created), upgraded)).toMatchObject({
      id: 'a1',
      password: '$hmac-sha256$key1$2b$04$new',
      updatedAt: new Date('2026-02-01T00:00:00.000Z'),
    });
  });

  it('keys a provider account by its issuer and subject, keeping no token', () => {
    const linked = recorded(
      AccountLinked.type,
      2,
      {
        accountId: 'a2',
        userId: 'u1',
        providerId: 'google',
        issuer: 'https://accounts.google.com',
        subject: '4815',
        how: 'sign-up',
        scopes: ['openid', 'email'],
        accessTokenExpiresAt: '2026-01-01T01:00:00.000Z',
        refreshTokenExpiresAt: null,
        linkedAt: '2026-01-01T00:00:00.000Z',
      },
      { accessToken: 'secret-access', refreshToken: 'secret-refresh', idToken: 'secret-id', email: 'ada@example.com' },
    );
    const refreshed = recorded(
      ProviderTokensRefreshed.type,
      3,
      {
        accountId: 'a2',
        userId: 'u1',
        scopes: ['openid'],
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        refreshedAt: '2026-02-01T00:00:00.000Z',
      },
      { accessToken: 'newer', refreshToken: null, idToken: null },
    );
    const row = evolveAccountView(null, linked);
    expect(row).toMatchObject({
      id: 'a2',
      providerId: 'google',
      issuer: 'https://accounts.google.com',
      accountId: '4815',
      password: null,
      email: 'ada@example.com',
      scope: 'openid,email',
      accessTokenExpiresAt: new Date('2026-01-01T01:00:00.000Z'),
    });
    expect(JSON.stringify(row)).not.toMatch(/secret/);
    expect(evolveAccountView(row, refreshed)).toMatchObject({
      scope: 'openid',
      accessTokenExpiresAt: null,
      updatedAt: new Date('2026-02-01T00:00:00.000Z'),
    });
  });

  it('drops the row of an unlinked account', () => {
    const unlinked = recorded(
      AccountUnlinked.type,
      4,
      { accountId: 'a2', userId: 'u1', providerId: 'google', unlinkedAt: '2026-03-01T00:00:00.000Z' },
      null,
    );
    // A link whose personal part was erased (the user's data key destroyed) keeps no address.
    const linked = recorded(
      AccountLinked.type,
      2,
      {
        accountId: 'a2',
        userId: 'u1',
        providerId: 'google',
        issuer: 'https://accounts.google.com',
        subject: '4815',
        how: 'link',
        scopes: [],
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        linkedAt: '2026-01-01T00:00:00.000Z',
      },
      null,
    );
    const row = evolveAccountView(null, linked);
    expect(row).toMatchObject({ id: 'a2', email: null });
    expect(evolveAccountView(row, unlinked)).toBeNull();
  });
});
