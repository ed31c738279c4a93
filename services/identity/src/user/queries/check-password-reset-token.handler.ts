import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PasswordResetLinks } from '../password-reset/password-reset-links.js';

export class CheckPasswordResetTokenQuery extends Query<{ valid: boolean }> {
  constructor(readonly token: string) {
    super();
  }
}

/** Whether a reset link still works; following it does not use it up. */
@QueryHandler(CheckPasswordResetTokenQuery)
export class CheckPasswordResetTokenHandler implements IQueryHandler<CheckPasswordResetTokenQuery> {
  constructor(private readonly links: PasswordResetLinks) {}

  async execute({ token }: CheckPasswordResetTokenQuery): Promise<{ valid: boolean }> {
    return { valid: (await this.links.userOf(token, new Date())) !== null };
  }
}
