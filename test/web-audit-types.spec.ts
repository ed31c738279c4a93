import { auditedTypes, IdentityAudit, OrganizationAudit, SessionAudit } from '@authsvc/contracts';
import { ADMIN_AUDIT_TYPES, ORGANIZATION_AUDIT_TYPES } from '../web/src/lib/audit-types.js';

/** The web client depends on no lib (it talks HTTP only): its copy of the audited types is held to theirs here. */
describe('the audit screens’ type filters', () => {
  it('offer exactly the types each endpoint serves', () => {
    expect([...ORGANIZATION_AUDIT_TYPES]).toEqual(auditedTypes(OrganizationAudit));
    expect([...ADMIN_AUDIT_TYPES]).toEqual([
      ...auditedTypes(IdentityAudit),
      ...auditedTypes(SessionAudit),
      ...auditedTypes(OrganizationAudit),
    ]);
  });
});
