import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BrowserSuite } from './browser-suite.js';
import { randomClientIp } from '../../support/http.js';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it): playwright-core downloads no browser. */
const CHROMIUM = '/usr/bin/chromium';
/** Git-ignored; one folder per suite, a PNG per screen checked. */
const SCREENSHOTS = join(process.cwd(), 'gateway/test/browser/screenshots');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The impacts that fail a screen; minor and moderate findings are left to review. */
const FAILING_IMPACTS = ['serious', 'critical'];

/** One headless browser per test file; each test opens its own contexts (fresh cookies) in it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

/**
 * A person at a browser of their own: a fresh context (no cookies) whose requests come from an address of its
 * own, as the tests' stand-in proxy says with x-forwarded-for, so that rate limits count each person apart.
 */
export async function newVisitor({ browser, stack }: BrowserSuite): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    extraHTTPHeaders: { 'x-forwarded-for': randomClientIp() },
  });
  return context.newPage();
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Axe's serious and critical findings on the page as it is now, one line each. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's content security policy does not govern.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((violation) => FAILING_IMPACTS.includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

/**
 * Checks a screen a person now sees: saves its screenshot as `<suite>/<name>.png` and fails on any serious or
 * critical accessibility violation.
 */
export async function checkScreen(page: Page, suite: string, name: string): Promise<void> {
  mkdirSync(join(SCREENSHOTS, suite), { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, suite, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
}
