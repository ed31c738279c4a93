import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { UserEntity } from '../user.entity.js';
import { normalizeUsername } from '../username/username-rules.js';

export class UsernameAvailabilityQuery extends Query<{ available: boolean }> {
  constructor(readonly username: string) {
    super();
  }
}

@QueryHandler(UsernameAvailabilityQuery)
export class UsernameAvailabilityHandler implements IQueryHandler<UsernameAvailabilityQuery, { available: boolean }> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ username }: UsernameAvailabilityQuery): Promise<{ available: boolean }> {
    const rule = usernameLengthRule(this.config);
    const normalized = normalizeUsername(username, rule, 'lookup');
    const taken = await this.dataSource.getRepository(UserEntity).existsBy({ username: normalized });
    return { available: !taken };
  }
}
