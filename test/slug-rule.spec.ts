import { SLUG_PATTERN } from '@authsvc/contracts';
import { SLUG_PATTERN as WEB_SLUG_PATTERN } from '../web/src/lib/slug';

/**
 * The web client depends on no library of ours (module boundaries), so it keeps its own copy of the slug rule
 * for its fields' `pattern`: this keeps the copy the server's rule.
 */
describe('the slug rule', () => {
  it('is the same in the web client as on the server', () => {
    expect(WEB_SLUG_PATTERN.source).toBe(SLUG_PATTERN.source);
    expect(WEB_SLUG_PATTERN.flags).toBe(SLUG_PATTERN.flags);
  });
});
