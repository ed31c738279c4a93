import type { Page } from 'playwright-core';
import { eventually } from '../support/eventually.js';
import { checkScreen } from './support/browser.js';
import { browserSuite, type BrowserSuite } from './support/browser-suite.js';
import { mailedLink } from './support/mail-links.js';
import { errorOfField, personWithAccount, signedInVisitor, type Person } from './support/people.js';

const SUITE = 'organization-teams';

/** Creates an organization through its form; its creator lands on it, with the default team named like it. */
async function createOrganization(page: Page, name: string): Promise<void> {
  await page.goto('/organizations/new');
  await page.getByLabel('Organization name').fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
}

/** Invites `invitee` as a member from the organization's screen; they accept from the mail, signed in. */
async function inviteAndAccept(suite: BrowserSuite, page: Page, invitee: Person, organization: string) {
  await page.getByLabel('Email to invite').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('listitem', { name: invitee.email }).waitFor();
  const guest = await signedInVisitor(suite, invitee);
  await guest.goto(await mailedLink(suite.smtp, invitee.email, '/accept-invitation/'));
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await guest.getByRole('heading', { name: organization, exact: true, level: 1 }).waitFor();
  return guest;
}

describe('web client: teams and organization settings in a browser', () => {
  const suite = browserSuite();

  it('adds a member to a new team, lists and removes them, renames and removes the team; a member only sees', async () => {
    const owner = await personWithAccount(suite.stack, 'web-team-owner');
    const invitee = await personWithAccount(suite.stack, 'web-team-member');
    const page = await signedInVisitor(suite, owner);
    const organization = `Teams ${Date.now().toString(36)}`;
    await createOrganization(page, organization);
    const guest = await inviteAndAccept(suite, page, invitee, organization);

    await page.reload();
    await page.getByLabel('New team name').fill('Platform');
    await page.getByRole('button', { name: 'Create team' }).click();
    const team = page.getByRole('listitem', { name: 'Platform', exact: true });
    await team.getByText('You are not in this team; only its members can see who is in it.').waitFor();
    await team.getByRole('button', { name: 'Join Platform' }).click();
    const teamMembers = team.getByRole('list', { name: 'Members of Platform' });
    await teamMembers.getByRole('listitem', { name: owner.name }).waitFor();

    await team.getByLabel('Member to add to Platform').selectOption({ label: `${invitee.name} (${invitee.email})` });
    await team.getByRole('button', { name: 'Add to team' }).click();
    await teamMembers.getByRole('listitem', { name: invitee.name }).waitFor();
    await team.getByText('Every member of the organization is in this team.').waitFor();
    await checkScreen(page, SUITE, 'team-members');

    // The member sees the team they are in and who is in it, and nothing they may not do.
    await guest.reload();
    const theirTeam = guest.getByRole('listitem', { name: 'Platform', exact: true });
    await theirTeam
      .getByRole('list', { name: 'Members of Platform' })
      .getByRole('listitem', { name: owner.name })
      .waitFor();
    expect(await guest.getByRole('button', { name: /Remove|Add to team|Create team|Rename/ }).count()).toBe(0);
    await theirTeam.getByRole('button', { name: 'Make Platform your active team' }).click();
    await theirTeam.getByText('Active', { exact: true }).waitFor();
    await checkScreen(guest, SUITE, 'teams-as-member');

    await teamMembers
      .getByRole('listitem', { name: invitee.name })
      .getByRole('button', { name: 'Remove from team' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove from team' }).click();
    await teamMembers.getByRole('listitem', { name: invitee.name }).waitFor({ state: 'detached' });
    // Leaving a team ends it as anyone's active team; the session service hears of it from the event.
    await eventually(
      async () => {
        await guest.reload();
        await guest
          .getByRole('listitem', { name: 'Platform', exact: true })
          .getByText('You are not in this team')
          .waitFor();
        return (await guest.getByText('Active', { exact: true }).count()) === 0 ? true : undefined;
      },
      { what: "Platform no longer the member's active team" },
    );

    await page.getByLabel('Name of team Platform').fill('Infrastructure');
    await page.getByRole('form', { name: 'Rename Platform' }).getByRole('button', { name: 'Rename' }).click();
    const renamed = page.getByRole('listitem', { name: 'Infrastructure', exact: true });
    await renamed.getByRole('list', { name: 'Members of Infrastructure' }).waitFor();
    await renamed.getByRole('button', { name: 'Remove team' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove team' }).click();
    await renamed.waitFor({ state: 'detached' });
    // The default team, the owner's active one, stays; the screen says why it has no remove button.
    await page.getByText('This is your active team: make another team active to remove it.').waitFor();
  });

  it('invites into a team: the pending invitation names it, and the invitee is in it once they accept', async () => {
    const owner = await personWithAccount(suite.stack, 'web-team-inviter');
    const invitee = await personWithAccount(suite.stack, 'web-team-invitee');
    const page = await signedInVisitor(suite, owner);
    const organization = `Invited ${Date.now().toString(36)}`;
    await createOrganization(page, organization);
    await page.getByLabel('New team name').fill('Support');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('listitem', { name: 'Support', exact: true }).waitFor();

    await page.getByLabel('Email to invite').fill(invitee.email);
    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Support' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('listitem', { name: invitee.email });
    expect(await pending.textContent()).toContain('as member in Support');
    await checkScreen(page, SUITE, 'invitation-into-team');

    const guest = await signedInVisitor(suite, invitee);
    await guest.goto(await mailedLink(suite.smtp, invitee.email, '/accept-invitation/'));
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByRole('heading', { name: organization, exact: true, level: 1 }).waitFor();
    await guest
      .getByRole('list', { name: 'Members of Support' })
      .getByRole('listitem', { name: invitee.name })
      .waitFor();
  });

  it('edits the slug with a live check and the metadata as JSON that the browser checks first', async () => {
    const page = await signedInVisitor(suite, await personWithAccount(suite.stack, 'web-org-settings'));
    const stamp = Date.now().toString(36);
    await createOrganization(page, `Taken ${stamp}`);
    await createOrganization(page, `Settings ${stamp}`);
    const settings = page.getByRole('form', { name: 'Organization settings' });

    await settings.getByLabel('Slug').fill(`taken-${stamp}`);
    expect(await errorOfField(page, 'Slug')).toMatch(/taken/);
    await settings.getByLabel('Slug').fill(`renamed-${stamp}`);
    await settings
      .getByRole('status')
      .filter({ hasText: `“renamed-${stamp}” is available.` })
      .waitFor();

    await settings.getByLabel('Metadata').fill('["not", "an object"]');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText(/must be a JSON object/).waitFor();
    expect(await errorOfField(page, 'Metadata')).toMatch(/must be a JSON object/);
    await settings.getByLabel('Metadata').fill('{plan: pro}');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText(/not valid JSON/).waitFor();
    expect(await errorOfField(page, 'Metadata')).toMatch(/not valid JSON/);
    await checkScreen(page, SUITE, 'settings-invalid-metadata');

    await settings.getByLabel('Metadata').fill('{"plan": "pro", "seats": 5}');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'The settings have been saved.' }).waitFor();
    await page.reload();
    // Case-sensitive: the organization's audit table lists the change as “slug: renamed-…” too.
    await page.getByText(new RegExp(`Slug: renamed-${stamp}`)).waitFor();
    expect(JSON.parse(await settings.getByLabel('Metadata').inputValue())).toEqual({ plan: 'pro', seats: 5 });
  });
});
