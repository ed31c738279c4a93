import type { SessionTokenRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { cappedExpiry } from '../session.decider.js';
import { SessionEntity } from '../session.entity.js';
import { SessionEndings } from '../session-endings.js';

export class ExpireSessionCommand extends Command<{ expired: boolean }> {
  constructor(readonly request: SessionTokenRequest) {
    super();
  }
}

/** Records the end of a session that has outlived its expiry or its absolute lifetime; a live one is left alone. */
@CommandHandler(ExpireSessionCommand)
export class ExpireSessionHandler implements ICommandHandler<ExpireSessionCommand, { expired: boolean }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly endings: SessionEndings,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request }: ExpireSessionCommand): Promise<{ expired: boolean }> {
    const session = await this.dataSource.getRepository(SessionEntity).findOneBy({ token: request.token });
    if (!session) return { expired: false };
    const endsAt = cappedExpiry(session.createdAt, session.expiresAt, this.config.SESSION_ABSOLUTE_LIFETIME);
    if (endsAt > new Date()) return { expired: false };
    return { expired: await this.endings.end(session, 'expired', request) };
  }
}
