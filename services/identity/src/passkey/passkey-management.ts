import type {
  AdminRemovePasskeyRequest,
  DeletePasskeyRequest,
  PasskeyView,
  UpdatePasskeyRequest,
} from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PasskeyStream } from './passkey-stream.js';
import { toPasskeyView } from './passkey-view.mapper.js';
import { PasskeyEntity } from './passkey.entity.js';

/** Rename and removal of a passkey, by its owner or (removal) by an admin, who is then the events' actor. */
@Injectable()
export class PasskeyManagement {
  constructor(
    private readonly dataSource: DataSource,
    private readonly passkeys: PasskeyStream,
  ) {}

  async rename({ userId, id, name, correlationId }: UpdatePasskeyRequest): Promise<{ passkey: PasskeyView }> {
    const now = new Date();
    await this.passkeys.change(
      userId,
      id,
      { type: 'RenamePasskey', name, now },
      { correlationId, actorId: userId, now },
    );
    return { passkey: toPasskeyView(await this.dataSource.getRepository(PasskeyEntity).findOneByOrFail({ id })) };
  }

  async remove({ userId, id, correlationId }: DeletePasskeyRequest): Promise<{ status: true }> {
    const now = new Date();
    await this.passkeys.change(userId, id, { type: 'RemovePasskey', now }, { correlationId, actorId: userId, now });
    return { status: true };
  }

  /** Every passkey of the user (an unverified account's, before its address is claimed: they may be a squatter's). */
  async removeAll(userId: string, trace: { correlationId: string; actorId: string }): Promise<void> {
    const rows = await this.dataSource.getRepository(PasskeyEntity).findBy({ userId });
    for (const { id } of rows) {
      const now = new Date();
      await this.passkeys.change(userId, id, { type: 'RemovePasskey', now }, { ...trace, now });
    }
  }

  async removeAsAdmin(request: AdminRemovePasskeyRequest): Promise<{ success: true }> {
    const { userId, passkeyId, correlationId, actorId } = request;
    const now = new Date();
    await this.passkeys.change(userId, passkeyId, { type: 'RemovePasskey', now }, { correlationId, actorId, now });
    return { success: true };
  }
}
