import { Query } from '@nestjs/cqrs';

export class CheckSlugQuery extends Query<{ status: true }> {
  constructor(readonly slug: string) {
    super();
  }
}
