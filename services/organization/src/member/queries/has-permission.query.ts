import type { HasPermissionRequest, PermissionCheckView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class HasPermissionQuery extends Query<PermissionCheckView> {
  constructor(readonly request: HasPermissionRequest) {
    super();
  }
}
