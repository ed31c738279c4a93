import { SYSTEM_USER_FIELDS, type SystemUserFields } from '@authsvc/contracts';
import { AuthErrors, DomainError, withMessage } from '@authsvc/errors';

/** A body that sets a field only the system sets is refused, naming the field (the reference's wording). */
export function refuseSystemUserFields(body: SystemUserFields): void {
  const field = SYSTEM_USER_FIELDS.find((name) => body[name] !== undefined);
  if (field) throw new DomainError(withMessage(AuthErrors.FIELD_NOT_ALLOWED, `${field} is not allowed to be set`));
}
