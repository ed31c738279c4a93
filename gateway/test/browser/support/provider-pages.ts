import type { Page } from 'playwright-core';

/**
 * The local provider's own pages, filled in as a person does: its sign-in form (a subject it does not know stands
 * for a person who cancels), then, on a first grant, its consent page.
 */
export async function signInAtProvider(page: Page, sub: string, { consent }: { consent: boolean }): Promise<void> {
  await page.getByLabel('Subject').fill(sub);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (consent) await page.getByRole('button', { name: 'Allow' }).click();
}
