import {
  AdminGetUserQuery,
  AdminUpdateUserBody,
  AdminUserBody,
  CreateUserBody,
  IdentityRpc,
  ListUsersQuery,
  SetUserPasswordBody,
  type UserView,
} from '@authsvc/contracts';
import { AdminErrors, AuthErrors, DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminAccess } from './admin-access.js';
import { asAdmin } from './admin-caller.js';

/** Users as admins manage them: create, read, list, update, set a password, remove. */
@AuthController()
export class AdminUsersController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  /** Giving the new user a role takes the right to set roles as well. */
  @Post('admin/create-user')
  @HttpCode(200)
  @WithSession()
  async create(@Body() body: CreateUserBody, @Caller() caller: SignedInCaller): Promise<{ user: UserView }> {
    this.access.require(caller, { user: ['create'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS);
    if (body.role !== undefined) {
      this.access.require(caller, { user: ['set-role'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE);
    }
    return { user: await this.services.call(IdentityRpc.createUser, { ...body, ...asAdmin(caller) }) };
  }

  @Get('admin/get-user')
  @WithSession()
  async get(@Query() { id }: AdminGetUserQuery, @Caller() caller: SignedInCaller): Promise<UserView> {
    this.access.require(caller, { user: ['get'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
    const user = await this.services.call(IdentityRpc.adminGetUser, { userId: id, ...asAdmin(caller) });
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    return user;
  }

  /** `limit` and `offset` are echoed when they are numbers other than 0, as the reference does. */
  @Get('admin/list-users')
  @WithSession()
  async list(
    @Query() query: ListUsersQuery,
    @Caller() caller: SignedInCaller,
  ): Promise<{ users: UserView[]; total: number; limit?: number; offset?: number }> {
    this.access.require(caller, { user: ['list'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS);
    const page = await this.services.call(IdentityRpc.listUsers, { ...query, ...asAdmin(caller) });
    return { ...page, limit: Number(query.limit) || undefined, offset: Number(query.offset) || undefined };
  }

  /** The reference's checks, in its order: the right to update, then what `data` may hold and who may set it. */
  @Post('admin/update-user')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  updateUser(@Body() body: AdminUpdateUserBody, @Caller() caller: SignedInCaller): Promise<UserView> {
    this.access.require(caller, { user: ['update'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS);
    const { password, id, ...data } = body.data;
    if (password !== undefined) throw new DomainError(AdminErrors.PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER);
    if (id !== undefined) throw new DomainError(AdminErrors.USER_ID_CANNOT_BE_UPDATED);
    if (data.role !== undefined) {
      this.access.require(caller, { user: ['set-role'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE);
    }
    return this.services.call(IdentityRpc.adminUpdateUser, { userId: body.userId, data, ...asAdmin(caller) });
  }

  /** Another admin's password only where admins may act as other admins, as for impersonation. */
  @Post('admin/set-user-password')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async setPassword(@Body() body: SetUserPasswordBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    this.access.require(caller, { user: ['set-password'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD);
    if (body.userId !== caller.user.id) {
      const target = await this.services.call(IdentityRpc.getUser, { userId: body.userId, ...asAdmin(caller) });
      if (target) this.access.refuseAdminTarget(target, AdminErrors.YOU_CANNOT_SET_ADMINS_PASSWORD);
    }
    return this.services.call(IdentityRpc.setUserPassword, { ...body, ...asAdmin(caller) });
  }

  /** The user, their accounts and sessions go; an admin cannot remove themself. */
  @Post('admin/remove-user')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async remove(@Body() body: AdminUserBody, @Caller() caller: SignedInCaller): Promise<{ success: true }> {
    this.access.require(caller, { user: ['delete'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS);
    if (body.userId === caller.user.id) throw new DomainError(AdminErrors.YOU_CANNOT_REMOVE_YOURSELF);
    await this.services.call(IdentityRpc.removeUser, { ...body, ...asAdmin(caller) });
    return { success: true };
  }
}
