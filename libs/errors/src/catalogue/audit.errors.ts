import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** The audit log's errors (no reference has an audit log: worded and coded as the admin plugin's are). */
export const AuditErrors = {
  /** Admin audit without the admin's list rights, or an organization's audit by a member who is no owner or admin. */
  YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG: defineError(
    'You are not allowed to read the audit log',
    HttpStatus.FORBIDDEN,
  ),
  /** A cursor no page answered (altered, or from another endpoint's format). */
  INVALID_CURSOR: defineError('Invalid cursor', HttpStatus.BAD_REQUEST),
} as const;
