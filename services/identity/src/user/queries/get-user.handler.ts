import type { UserView } from '@authsvc/contracts';
import { findRow } from '@authsvc/platform';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UserEntity } from '../user.entity.js';
import { toUserView } from '../user-view.mapper.js';
import { GetUserQuery } from './get-user.query.js';

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, UserView | null> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId }: GetUserQuery): Promise<UserView | null> {
    const user = await findRow(this.dataSource.manager, UserEntity, { id: userId });
    return user ? toUserView(user) : null;
  }
}
