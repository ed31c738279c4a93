import type { Browser } from 'playwright-core';
import type { SmtpSink } from '../support/smtp-sink.js';
import { TestStack } from '../support/test-stack.js';
import { checkScreen, launchBrowser, newVisitor } from './support/browser.js';
import { mailedLink } from './support/mail-links.js';
import { errorOfField, personWithAccount, signedInVisitor } from './support/people.js';

const SUITE = 'organizations';

describe('web client: organization screens in a browser', () => {
  let stack: TestStack;
  let smtp: SmtpSink;
  let browser: Browser;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('creates an organization, invites a member who accepts after signing in, changes their role, and they leave', async () => {
    const owner = await personWithAccount(stack, 'web-owner');
    const invitee = await personWithAccount(stack, 'web-invitee');
    const page = await signedInVisitor(browser, stack, owner);
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
    await page.getByRole('heading', { name, exact: true }).waitFor();

    await page.getByLabel('Email to invite').fill(invitee.email);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByRole('list', { name: 'Pending invitations' })
      .getByRole('listitem', { name: invitee.email })
      .waitFor();
    await checkScreen(page, SUITE, 'organization-invited');

    const guest = await newVisitor(browser, stack);
    await guest.goto(await mailedLink(smtp, invitee.email, '/accept-invitation/'));
    await guest.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await checkScreen(guest, SUITE, 'invitation-signed-out');
    await guest.getByRole('link', { name: 'Sign in to accept' }).click();
    await guest.getByLabel('Email or username').fill(invitee.email);
    await guest.getByLabel('Password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Sign in' }).click();
    await guest.getByRole('heading', { name: `Join ${name}` }).waitFor();
    await checkScreen(guest, SUITE, 'invitation');
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByRole('heading', { name, exact: true }).waitFor();
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
    await page.getByRole('heading', { name, exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Members' }).getByRole('listitem').count()).toBe(1);
  });

  it('says at the slug field that a slug is taken', async () => {
    const page = await signedInVisitor(browser, stack, await personWithAccount(stack, 'web-slugs'));
    await page.goto('/organizations/new');
    await page.getByLabel('Organization name').fill('First');
    const slug = `first-${Date.now().toString(36)}`;
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'First' }).waitFor();

    await page.goto('/organizations/new');
    await page.getByLabel('Organization name').fill('Second');
    await page.getByLabel('Slug').fill(slug);
    expect(await errorOfField(page, 'Slug')).toMatch(/taken/);
    await checkScreen(page, SUITE, 'slug-taken');
  });
});
