import type { UserView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { findRow } from '@authsvc/platform';
import { DataSource } from 'typeorm';
import { UserEntity } from '../user.entity.js';
import { toUserView } from '../user-view.mapper.js';

export class GetUserQuery extends Query<UserView | null> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, UserView | null> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId }: GetUserQuery): Promise<UserView | null> {
    const user = await findRow(this.dataSource.manager, UserEntity, { id: userId });
    return user ? toUserView(user) : null;
  }
}
