import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CredentialCheck } from '../credential/credential-check.js';
import { CheckPasswordQuery } from './check-password.query.js';

@QueryHandler(CheckPasswordQuery)
export class CheckPasswordHandler implements IQueryHandler<CheckPasswordQuery> {
  constructor(private readonly credentials: CredentialCheck) {}

  async execute({ request }: CheckPasswordQuery): Promise<{ status: true }> {
    await this.credentials.assertPassword(request.userId, request.password, request);
    return { status: true };
  }
}
