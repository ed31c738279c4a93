import type { AccountView } from '@authsvc/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountEntity, grantedScopes } from '../account.entity.js';
import { ListAccountsQuery } from './list-accounts.query.js';

@QueryHandler(ListAccountsQuery)
export class ListAccountsHandler implements IQueryHandler<ListAccountsQuery, AccountView[]> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId }: ListAccountsQuery): Promise<AccountView[]> {
    const accounts = await this.dataSource
      .getRepository(AccountEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC' } });
    return accounts.map((account) => ({
      id: account.id,
      providerId: account.providerId,
      provider: account.providerId,
      userId: account.userId,
      accountId: account.accountId,
      scopes: grantedScopes(account),
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    }));
  }
}
