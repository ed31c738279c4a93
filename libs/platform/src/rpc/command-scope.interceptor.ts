import { CommandHeaders } from '@authsvc/contracts';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { runInCommandScope } from './command-scope.js';

/**
 * Runs every request/reply handler in the scope of the command its message names (`CommandHeaders`), so that the
 * event store records which command made each append and answers a repeat with the events of the first. A message
 * without a command id (a caller of an earlier version) is handled outside any scope, as before.
 */
export class CommandScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const headers = context.switchToRpc().getContext<NatsContext>().getHeaders?.();
    const commandId = headers?.get(CommandHeaders.id);
    if (!commandId) return next.handle();
    const retried = Number(headers?.get(CommandHeaders.attempt) ?? 1) > 1;
    // Nest binds the handler to the async context current when `handle()` is called, so call it inside the scope.
    return new Observable((subscriber) =>
      runInCommandScope(commandId, retried, () => next.handle().subscribe(subscriber)),
    );
  }
}
