import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SessionEntity } from '../session.entity.js';
import { ExpireSessionCommand } from './expire-session.command.js';
import { SessionWriter } from './session-writer.js';

/** Records the end of a session that has outlived its expiry; a live one is left alone. */
@CommandHandler(ExpireSessionCommand)
export class ExpireSessionHandler implements ICommandHandler<ExpireSessionCommand, { expired: boolean }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: SessionWriter,
  ) {}

  async execute({ request }: ExpireSessionCommand): Promise<{ expired: boolean }> {
    const session = await this.dataSource.getRepository(SessionEntity).findOneBy({ token: request.token });
    if (!session || session.expiresAt > new Date()) return { expired: false };
    return { expired: await this.writer.end(session, 'expired', request.correlationId) };
  }
}
