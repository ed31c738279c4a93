import { ValidateIf } from 'class-validator';
import { NotWith, PermissionRecord } from './organization-fields.js';

/**
 * What a has-permission asks, of an organization's roles or of the admin's: `permissions`, or the deprecated
 * `permission`, exactly one of them (each endpoint says how it answers the deprecated one).
 */
export class PermissionQuestion {
  @ValidateIf((body: PermissionQuestion) => body.permission === undefined || body.permissions !== undefined)
  @PermissionRecord()
  permissions?: Record<string, string[]>;

  @ValidateIf((body: PermissionQuestion) => body.permission !== undefined)
  @PermissionRecord()
  @NotWith('permissions')
  permission?: Record<string, string[]>;
}
