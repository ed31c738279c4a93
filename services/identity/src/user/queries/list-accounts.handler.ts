import type { AccountView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountEntity, grantedScopes } from '../account.entity.js';
import { UserEntity } from '../user.entity.js';

export class ListAccountsQuery extends Query<AccountView[]> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(ListAccountsQuery)
export class ListAccountsHandler implements IQueryHandler<ListAccountsQuery, AccountView[]> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId }: ListAccountsQuery): Promise<AccountView[]> {
    const accounts = await this.dataSource
      .getRepository(AccountEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC' } });
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    return accounts.map((account) => ({
      id: account.id,
      providerId: account.providerId,
      provider: account.providerId,
      userId: account.userId,
      accountId: account.accountId,
      email: account.providerId === 'credential' ? (user?.email ?? null) : account.email,
      scopes: grantedScopes(account),
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    }));
  }
}
