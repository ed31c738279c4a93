import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumberString,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
} from 'class-validator';
import { contractJsonSchema } from './contract-json-schema.js';
import {
  Email,
  Id,
  Nested,
  NonEmptyText,
  NullableText,
  OptionalNonEmptyText,
  OptionalTimestamp,
  Timestamp,
} from './fields.js';

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
      @IsUUID()
      count!: string;
    }
    expect(() => contractJsonSchema(Counted)).toThrow('Counted.count: no JSON Schema for rule isUuid');
  });

  it('describes rules on each element of a list as the rules of its items', () => {
    class Tagged {
      @IsArray()
      @ArrayMaxSize(3)
      @IsString({ each: true })
      @MaxLength(5, { each: true })
      tags!: string[];
    }
    expect(contractJsonSchema(Tagged).properties).toEqual({
      tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 5 } },
    });
  });

  it('refuses an element rule it cannot express', () => {
    class Tagged {
      @IsUUID('4', { each: true })
      tags!: string[];
    }
    expect(() => contractJsonSchema(Tagged)).toThrow('Tagged.tags: no JSON Schema for rule isUuid');
  });

  it('describes a nested contract with its own schema', () => {
    class Door {
      @Id()
      doorId!: string;
    }
    class Visit {
      @Nested(() => Door)
      door!: Door;
    }
    expect(contractJsonSchema(Visit).properties).toEqual({
      door: { type: 'object', required: ['doorId'], properties: { doorId: { type: 'string', maxLength: 64 } } },
    });
  });

  it('keeps an integer an integer when it must also be positive and bounded', () => {
    class Ban {
      @IsOptional()
      @IsInt()
      @IsPositive()
      @Max(10)
      seconds?: number;
    }
    expect(contractJsonSchema(Ban).properties).toEqual({
      seconds: { type: ['integer', 'null'], exclusiveMinimum: 0, maximum: 10 },
    });
  });

  it('writes patterns, digit strings and fields any value (or none) may fill', () => {
    class Page {
      @Matches(/^[a-z]+$/)
      slug!: string;

      @IsNumberString({ no_symbols: true })
      limit!: string;

      @Allow()
      anything?: unknown;
    }
    expect(contractJsonSchema(Page)).toEqual({
      type: 'object',
      required: ['slug', 'limit'],
      properties: {
        slug: { type: 'string', pattern: '^[a-z]+$' },
        limit: { type: 'string', pattern: '^[0-9]+$' },
        anything: {},
      },
    });
  });

  it('refuses a pattern with flags, whose meaning JSON Schema would not keep', () => {
    class Shouting {
      @Matches(/^[a-z]+$/i)
      word!: string;
    }
    expect(() => contractJsonSchema(Shouting)).toThrow('no JSON Schema pattern');
  });
});
