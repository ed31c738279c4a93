import type { CheckPasswordRequest } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CredentialCheck } from '../credential/credential-check.js';

export class CheckPasswordQuery extends Query<{ status: true }> {
  constructor(readonly request: CheckPasswordRequest) {
    super();
  }
}

@QueryHandler(CheckPasswordQuery)
export class CheckPasswordHandler implements IQueryHandler<CheckPasswordQuery> {
  constructor(private readonly credentials: CredentialCheck) {}

  async execute({ request }: CheckPasswordQuery): Promise<{ status: true }> {
    await this.credentials.assertPassword(request.userId, request.password, request);
    return { status: true };
  }
}
