import { eventually } from '../support/eventually.js';
import { uniqueEmail } from '../support/http.js';
import { checkScreen, newVisitor } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { mailedLink } from './support/mail-links.js';
import { PASSWORD, errorOfField, personWithAccount, signedInVisitor } from './support/people.js';

const SUITE = 'organizations';

describe('web client: organization screens in a browser', () => {
  // Rate limits off: the invitation is resent at once, within the minute its mail limit waits (invitation-limits.e2e-spec.ts).
  const suite = browserSuite({ RATE_LIMIT_ENABLED: 'false' });

  it('creates an organization, invites a member who accepts after signing in, changes their role, and they leave', async () => {
    const owner = await personWithAccount(suite.stack, 'web-owner');
    const invitee = await personWithAccount(suite.stack, 'web-invitee');
    const page = await signedInVisitor(suite, owner);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).click();
    await page.getByText('You are not a member of any organization yet.').waitFor();
    await checkScreen(page, SUITE, 'organizations-empty');

    const name = `Acme ${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Organization name').fill(name);
    const slug = await page.getByLabel('Slug').inputValue();
    expect(slug).toBe(name.toLowerCase().replace(' ', '-'));
    await page
      .getByRole('status')
      .filter({ hasText: `“${slug}” is available.` })
      .waitFor();
    await checkScreen(page, SUITE, 'create-organization');
    await page.getByRole('button', { name: 'Create organization' }).click();
    // Level 1: the default team, named like the organization, has a heading of its own on this screen.
    await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();

    await page.getByLabel('Email to invite').fill(invitee.email);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByRole('list', { name: 'Pending invitations' })
      .getByRole('listitem', { name: invitee.email })
      .waitFor();
    await checkScreen(page, SUITE, 'organization-invited');

    const guest = await newVisitor(suite);
    await guest.goto(await mailedLink(suite.smtp, invitee.email, '/accept-invitation/'));
    await guest.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await checkScreen(guest, SUITE, 'invitation-signed-out');
    await guest.getByRole('link', { name: 'Sign in to accept' }).click();
    await guest.getByLabel('Email or username').fill(invitee.email);
    await guest.getByLabel('Password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Sign in', exact: true }).click();
    await guest.getByRole('heading', { name: `Join ${name}` }).waitFor();
    await checkScreen(guest, SUITE, 'invitation');
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
    expect(await guest.getByText('Only owners and admins can invite people').count()).toBe(1);

    await page.reload();
    const roleOfInvitee = page.getByLabel(`Role of ${invitee.name}`);
    await roleOfInvitee.selectOption('admin');
    await page.getByRole('status').filter({ hasText: 'The role has been changed.' }).waitFor();
    await checkScreen(page, SUITE, 'organization-members');
    await guest.reload();
    await guest.getByLabel('Email to invite').waitFor();

    await guest.getByRole('button', { name: 'Leave organization' }).click();
    await guest.getByRole('dialog').getByRole('button', { name: 'Leave organization' }).click();
    await guest.getByText('You are not a member of any organization yet.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
    // Exact: each team's card lists its members too ("Members of …").
    expect(await page.getByRole('list', { name: 'Members', exact: true }).getByRole('listitem').count()).toBe(1);
  });

  it('lets a visitor without an account sign up from the invitation link, then accept it', async () => {
    const page = await signedInVisitor(suite, await personWithAccount(suite.stack, 'web-inviter'));
    const name = `Newcomers ${Date.now().toString(36)}`;
    await page.goto('/organizations/new');
    await page.getByLabel('Organization name').fill(name);
    await page.getByRole('button', { name: 'Create organization' }).click();
    const newcomer = uniqueEmail('web-newcomer');
    await page.getByLabel('Email to invite').fill(newcomer);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('listitem', { name: newcomer }).waitFor();
    expect(await page.getByLabel('Email to invite').inputValue()).toBe('');

    const guest = await newVisitor(suite);
    await guest.goto(await mailedLink(suite.smtp, newcomer, '/accept-invitation/'));
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await guest.getByLabel('Name', { exact: true }).fill('New Comer');
    await guest.getByLabel('Email').fill(newcomer);
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Sign up' }).click();
    await guest.getByRole('heading', { name: `Join ${name}` }).waitFor();
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
  });

  it('says at the slug field that a slug is taken', async () => {
    const page = await signedInVisitor(suite, await personWithAccount(suite.stack, 'web-slugs'));
    await page.goto('/organizations/new');
    await page.getByLabel('Organization name').fill('First');
    const slug = `first-${Date.now().toString(36)}`;
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'First', level: 1 }).waitFor();

    await page.goto('/organizations/new');
    await page.getByLabel('Organization name').fill('Second');
    await page.getByLabel('Slug').fill(slug);
    expect(await errorOfField(page, 'Slug')).toMatch(/taken/);
    await checkScreen(page, SUITE, 'slug-taken');
  });
  it('renames the organization, manages its teams, resends and cancels an invitation, and deletes it', async () => {
    const page = await signedInVisitor(suite, await personWithAccount(suite.stack, 'web-settings'));
    await page.goto('/organizations/new');
    await page.getByLabel('Organization name').fill(`Settings ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();

    const renamed = `Renamed ${Date.now().toString(36)}`;
    const settings = page.getByRole('form', { name: 'Organization settings' });
    await settings.getByLabel('Name').fill(renamed);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('heading', { name: renamed, exact: true, level: 1 }).waitFor();

    // The team cards, not the member rows each card lists.
    const teams = page.getByRole('list', { name: 'Teams' }).locator('> li');
    const before = await teams.count();
    await page.getByLabel('New team name').fill('Platform');
    await page.getByRole('button', { name: 'Create team' }).click();
    await teams.nth(before).waitFor();
    await page.getByLabel('Name of team Platform').fill('Infrastructure');
    await page.getByRole('form', { name: 'Rename Platform' }).getByRole('button', { name: 'Rename' }).click();
    const team = page.getByRole('listitem', { name: 'Infrastructure', exact: true });
    await team.waitFor();
    await checkScreen(page, SUITE, 'organization-settings');
    await team.getByRole('button', { name: 'Remove team' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove team' }).click();
    await team.waitFor({ state: 'detached' });

    const invited = 'someone@example.com';
    await page.getByLabel('Email to invite').fill(invited);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const invitation = page.getByRole('listitem', { name: invited });
    await invitation.getByRole('button', { name: 'Resend' }).click();
    await page.getByRole('status').filter({ hasText: 'sent again' }).waitFor();
    await eventually(async () => (suite.smtp.mailsTo(invited).length >= 2 ? true : undefined), {
      what: 'the invitation mail and its resent copy',
    });
    await invitation.getByRole('button', { name: 'Cancel invitation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel invitation' }).click();
    await page.getByText('No pending invitation.').waitFor();

    await page.getByRole('button', { name: 'Delete organization' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete organization' }).click();
    await page.getByText('You are not a member of any organization yet.').waitFor();
  });
});
