import { validateSync } from 'class-validator';
import { JsonObject, OptionalJsonObject } from './fields.js';

class Answer {
  @JsonObject(64)
  response?: unknown;

  @OptionalJsonObject(64)
  metadata?: unknown;
}

const failedFields = (fields: Partial<Answer>): string[] =>
  validateSync(Object.assign(new Answer(), fields)).map(({ property }) => property);

describe('JsonObject', () => {
  it('takes a small object, and leaves an absent optional one alone', () => {
    expect(failedFields({ response: { id: 'x' } })).toEqual([]);
  });

  // Regression: a missing value once crashed the size rule (a 500) instead of failing validation.
  it('refuses a missing value, an array, a scalar or null without throwing', () => {
    for (const response of [undefined, null, [1], 'text', 7]) {
      expect(failedFields({ response })).toEqual(['response']);
    }
  });

  it('refuses an object too large once written as JSON', () => {
    expect(failedFields({ response: { id: 'x'.repeat(64) } })).toEqual(['response']);
    expect(failedFields({ response: {}, metadata: { note: 'y'.repeat(64) } })).toEqual(['metadata']);
  });
});
