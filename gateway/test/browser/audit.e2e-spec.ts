import { adminPerson } from './support/admin-person.js';
import { checkScreen } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { personWithAccount, signedInVisitor, type Person } from './support/people.js';

const SUITE = 'audit';

describe('web client: audit logs in a browser', () => {
  const suite = browserSuite();
  let admin: Person;

  beforeAll(async () => {
    admin = await adminPerson(suite.stack);
  });

  it('shows an admin the ban they made, by them and of that user, in the audit screen', async () => {
    const banned = await personWithAccount(suite.stack, 'web-audited');
    const page = await signedInVisitor(suite, admin);
    await page.goto(`/admin/users/${banned.id}`);
    await page.getByLabel('Ban reason').fill('Sends spam');
    await page.getByRole('button', { name: 'Ban user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ban user' }).click();
    await page.getByRole('status').filter({ hasText: 'is banned and has been signed out' }).waitFor();

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Type').selectOption('UserBanned');
    const row = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'UserBanned' })
      .filter({ hasText: banned.id });
    await row.waitFor();
    expect(await row.getByRole('link', { name: admin.id }).count()).toBe(1);
    await row.getByText('banReason: Sends spam').waitFor();
    await checkScreen(page, SUITE, 'admin-audit');
  });

  it("shows an organization's owner its audit log, filtered by type", async () => {
    const owner = await personWithAccount(suite.stack, 'web-audit-owner');
    const page = await signedInVisitor(suite, owner);
    await page.goto('/organizations/new');
    const name = `Audited ${Date.now().toString(36)}`;
    await page.getByLabel('Organization name').fill(name);
    await page.getByRole('status').filter({ hasText: 'is available.' }).waitFor();
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();

    const section = page.getByRole('region', { name: 'Audit log' });
    await section.getByRole('row').filter({ hasText: 'OrganizationCreated' }).waitFor();
    await section.getByLabel('Type').selectOption('MemberAdded');
    // The owner shows by name, as actor and as subject.
    await section.getByRole('row').filter({ hasText: 'role: owner' }).filter({ hasText: owner.name }).waitFor();
    expect(await section.getByRole('row').filter({ hasText: 'OrganizationCreated' }).count()).toBe(0);
    await checkScreen(page, SUITE, 'organization-audit');
  });
});
