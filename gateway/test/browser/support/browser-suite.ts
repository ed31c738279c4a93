import type { Browser } from 'playwright-core';
import type { SmtpSink } from '../../support/smtp-sink.js';
import { TestStack } from '../../support/test-stack.js';
import { launchBrowser } from './browser.js';

export interface BrowserSuite {
  stack: TestStack;
  smtp: SmtpSink;
  browser: Browser;
}

/**
 * Starts, for the describe block it is called in, a stack whose mails the tests read and one browser that its
 * tests share (each opens contexts of its own); both stop after the block. Its fields are set once beforeAll ran.
 * `env` may be a function, read when the stack starts: settings known only once an earlier beforeAll ran (a local
 * identity provider's port).
 */
export function browserSuite(env: Record<string, string> | (() => Record<string, string>) = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    Object.assign(suite, await TestStack.startWithSmtp(typeof env === 'function' ? env() : env));
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });
  return suite;
}
