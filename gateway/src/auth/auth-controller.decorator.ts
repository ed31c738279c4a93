import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { CallerGuard } from '../http/caller.guard.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';

/** A controller of `/api/auth` whose handlers take their `@Caller()`. */
export const AuthController = (): ClassDecorator => applyDecorators(Controller(AUTH_BASE_PATH), UseGuards(CallerGuard));
