import { IsIn, IsInt, IsString } from 'class-validator';
import { contractJsonSchema } from './contract-json-schema.js';
import { Email, Id, NonEmptyText, NullableText, OptionalNonEmptyText, OptionalTimestamp, Timestamp } from './fields.js';

abstract class DoorEventData {
  @Id()
  doorId!: string;
}

class DoorOpenedData extends DoorEventData {
  @NonEmptyText(10)
  openedBy!: string;

  @IsIn(['key', 'code'])
  means!: 'key' | 'code';

  @NullableText(20)
  note!: string | null;

  @OptionalNonEmptyText(5)
  badge?: string;

  @Timestamp()
  openedAt!: string;

  @OptionalTimestamp()
  closedAt?: string;

  @Email()
  email!: string;
}

describe('contractJsonSchema', () => {
  const schema = contractJsonSchema(DoorOpenedData);

  it('describes inherited fields first, then the class’s own, each with its rules', () => {
    expect(schema).toEqual({
      type: 'object',
      required: ['doorId', 'openedBy', 'means', 'note', 'openedAt', 'email'],
      properties: {
        doorId: { type: 'string', maxLength: 64 },
        openedBy: { type: 'string', minLength: 1, maxLength: 10 },
        means: { enum: ['key', 'code'] },
        note: { type: ['string', 'null'], maxLength: 20 },
        badge: { type: ['string', 'null'], minLength: 1, maxLength: 5 },
        openedAt: { type: 'string', format: 'date-time' },
        closedAt: { type: ['string', 'null'], format: 'date-time' },
        email: { type: 'string', format: 'email', maxLength: 254 },
      },
    });
  });

  it('admits null in an enum where the condition lets null through', () => {
    class Choice {
      @NullableText(1)
      @IsIn(['a'])
      pick!: 'a' | null;
    }
    expect(contractJsonSchema(Choice).properties).toEqual({
      pick: { type: ['string', 'null'], enum: ['a', null], maxLength: 1 },
    });
  });

  it('refuses a rule it cannot express, rather than publish a looser schema', () => {
    class Counted {
      @IsInt()
      count!: number;
    }
    expect(() => contractJsonSchema(Counted)).toThrow('Counted.count: no JSON Schema for rule isInt');
  });

  it('refuses rules on each element of a list', () => {
    class Tagged {
      @IsString({ each: true })
      tags!: string[];
    }
    expect(() => contractJsonSchema(Tagged)).toThrow('Tagged.tags: no JSON Schema for rule isString');
  });
});
