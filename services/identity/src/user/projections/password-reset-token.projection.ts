import { PasswordResetRequested } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { PasswordResetTokenEntity } from '../password-reset-token.entity.js';

export function evolvePasswordResetToken(
  row: PasswordResetTokenEntity | null,
  event: RecordedEvent,
): PasswordResetTokenEntity | null {
  if (!isEvent(event, PasswordResetRequested)) return row;
  return Object.assign(new PasswordResetTokenEntity(), {
    tokenHash: event.data.tokenHash,
    userId: event.data.userId,
    expiresAt: new Date(event.data.expiresAt),
  });
}

export const passwordResetTokenProjection: RowProjection<PasswordResetTokenEntity> = {
  entity: PasswordResetTokenEntity,
  handles: [PasswordResetRequested.type],
  creates: [PasswordResetRequested.type],
  key: (event) => ({ tokenHash: (event.data as { tokenHash: string }).tokenHash }),
  evolve: evolvePasswordResetToken,
};
