import { Query } from '@nestjs/cqrs';

export class CheckPasswordResetTokenQuery extends Query<{ valid: boolean }> {
  constructor(readonly token: string) {
    super();
  }
}
