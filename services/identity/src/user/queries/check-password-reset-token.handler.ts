import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PasswordResetLinks } from '../password-reset/password-reset-links.js';
import { CheckPasswordResetTokenQuery } from './check-password-reset-token.query.js';

/** Whether a reset link still works; following it does not use it up. */
@QueryHandler(CheckPasswordResetTokenQuery)
export class CheckPasswordResetTokenHandler implements IQueryHandler<CheckPasswordResetTokenQuery> {
  constructor(private readonly links: PasswordResetLinks) {}

  async execute({ token }: CheckPasswordResetTokenQuery): Promise<{ valid: boolean }> {
    return { valid: (await this.links.userOf(token, new Date())) !== null };
  }
}
