import { grantAdmins } from '../../support/admin-stack.js';
import type { TestStack } from '../../support/test-stack.js';
import { personWithAccount, type Person } from './people.js';

/**
 * A person granted every admin right by ADMIN_USER_IDS, as the admin e2e suites make one (their role stays
 * `user`, so the client must ask the server, not read the role). The gateway and identity restart to read it.
 */
export async function adminPerson(stack: TestStack): Promise<Person> {
  const admin = await personWithAccount(stack, 'web-admin');
  await grantAdmins(stack, { ADMIN_USER_IDS: admin.id });
  return admin;
}
