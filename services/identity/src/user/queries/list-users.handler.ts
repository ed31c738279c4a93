import type { ListUsersQuery as ListUsersParameters, UserPage } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UserEntity } from '../user.entity.js';
import { toUserView } from '../user-view.mapper.js';
import { userListSql } from './user-list-sql.js';

export class ListUsersQuery extends Query<UserPage> {
  constructor(readonly parameters: ListUsersParameters) {
    super();
  }
}

type UserRow = Record<string, unknown> & { total: string };

/** A page of users and the total that match, in one statement (a second only for a page past the end). */
@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, UserPage> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ parameters }: ListUsersQuery): Promise<UserPage> {
    const metadata = this.dataSource.getMetadata(UserEntity);
    const sql = userListSql(parameters, metadata.tablePath);
    const rows: UserRow[] = await this.dataSource.query(sql.text, sql.values);
    const now = new Date();
    const users = rows.map((row) => toUserView(Object.assign(new UserEntity(), entityFields(row)), now));
    if (rows.length > 0 || sql.offset === 0) return { users, total: Number(rows[0]?.total ?? 0) };
    const countSql = userListSql({ ...parameters, limit: '1', offset: '0' }, metadata.tablePath);
    const [first] = await this.dataSource.query<UserRow[]>(countSql.text, countSql.values);
    return { users, total: Number(first?.total ?? 0) };
  }
}

/** A raw row under the entity's property names. */
function entityFields(row: UserRow): Partial<UserEntity> {
  return {
    id: row.id as string,
    email: row.email as string,
    name: row.name as string,
    image: row.image as string | null,
    username: row.username as string | null,
    displayUsername: row.display_username as string | null,
    emailVerified: row.email_verified as boolean,
    role: row.role as string,
    banned: row.banned as boolean,
    banReason: row.ban_reason as string | null,
    banExpires: row.ban_expires as Date | null,
    twoFactorEnabled: row.two_factor_enabled as boolean,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
  };
}
