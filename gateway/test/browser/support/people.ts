import type { Page } from 'playwright-core';
import { postJson, randomClientIp, uniqueEmail } from '../../support/http.js';
import type { TestStack } from '../../support/test-stack.js';
import { newVisitor } from './browser.js';
import type { BrowserSuite } from './browser-suite.js';

export const PASSWORD = 'correct-horse-battery';

export interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** A person with an account made through the API, for tests whose subject is not sign-up. */
export async function personWithAccount(stack: TestStack, label: string): Promise<Person> {
  const person = { name: `${label} Tester`, email: uniqueEmail(label), password: PASSWORD };
  const answer = await postJson<{ user: { id: string } }>(stack.url('/api/auth/sign-up/email'), person, {
    'x-forwarded-for': randomClientIp(),
  });
  if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { id: answer.body.user.id, ...person };
}

/** Fills in and sends the sign-in form as a person does. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A fresh browser context of `person`, signed in through the form and on their account page. */
export async function signedInVisitor(suite: BrowserSuite, person: Person): Promise<Page> {
  const page = await newVisitor(suite);
  await signIn(page, person.email, person.password);
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  return page;
}

/** The error a field shows (its accessible description once it is marked invalid), found by the field's label. */
export async function errorOfField(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await field.and(page.locator('[aria-invalid="true"]')).waitFor();
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
