import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EVENT_SCHEMAS_DIRECTORY,
  eventSchemaFiles,
  OrganizationEventTypes,
  toContractInstance,
  type JsonSchema,
} from '@authsvc/contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validateSync } from 'class-validator';
import { ORGANIZATION_EVENT_SAMPLES, publishedEvent } from './support/organization-event-samples.js';

const ROOT = process.cwd();
const files = eventSchemaFiles();
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);

function checkedIn(type: string): JsonSchema {
  return JSON.parse(readFileSync(join(ROOT, EVENT_SCHEMAS_DIRECTORY, `${type}.json`), 'utf8')) as JsonSchema;
}

/** The published schemas cannot drift from the contract classes they are generated from. */
describe('event JSON Schemas (docs/events/schemas)', () => {
  it.each(Object.entries(files))('%s is up to date (else: npm run events:schemas)', (path, content) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(content);
  });

  it('holds a schema of each published event type and nothing else', () => {
    expect(readdirSync(join(ROOT, EVENT_SCHEMAS_DIRECTORY)).sort()).toEqual(
      Object.keys(files)
        .map((path) => path.slice(EVENT_SCHEMAS_DIRECTORY.length + 1))
        .sort(),
    );
  });
});

type Mutation = readonly [name: string, value: unknown];

/** An address of `length` characters: a local part under its 64-character limit, labels of the domain under 63. */
function address(length: number): string {
  let domain = 'example.com';
  while (length - domain.length > 64) domain = `${'d'.repeat(62)}.${domain}`;
  return `${'x'.repeat(length - domain.length - 1)}@${domain}`;
}

/** A text of `length` characters that is otherwise valid for the field. */
function text(field: JsonSchema, length: number): string {
  return field.format === 'email' ? address(length) : 'x'.repeat(length);
}

/** Values that probe a field's rules: missing, null, of another type, and on both sides of each limit it states. */
function mutationsOf(field: JsonSchema): Mutation[] {
  const mutations: Mutation[] = [
    ['absent', undefined],
    ['null', null],
    ['a number', 42],
  ];
  if (typeof field.maxLength === 'number') {
    mutations.push(['longest', text(field, field.maxLength)], ['too long', text(field, field.maxLength + 1)]);
  }
  if (typeof field.minLength === 'number') {
    mutations.push(['shortest', text(field, field.minLength)], ['too short', text(field, field.minLength - 1)]);
  }
  if (field.enum) mutations.push(['not listed', 'bogus']);
  if (field.format === 'date-time') mutations.push(['not a time', 'tomorrow']);
  if (field.format === 'email') mutations.push(['not an address', 'grace']);
  return mutations;
}

function withField(payload: object, field: string, value: unknown): object {
  const copy: Record<string, unknown> = { ...payload };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

describe.each(OrganizationEventTypes.map((definition) => [definition.type, definition] as const))(
  '%s schema',
  (type, definition) => {
    const validate = ajv.compile(checkedIn(type));
    const sample = ORGANIZATION_EVENT_SAMPLES[type];
    const event = (payload: { data: object; personal: object | null }) =>
      publishedEvent(definition, payload as never, {
        streamId: 'organization-org_acme',
        streamPosition: 3,
        globalPosition: 42,
        eventId: 'evt_1',
      });
    const accepts = (payload: { data: object; personal: object | null }) => {
      const valid = validate(event(payload));
      return valid ? 'accepted' : `refused: ${ajv.errorsText(validate.errors)}`;
    };
    const classAccepts = (type: new () => object, payload: object) => validateSync(toContractInstance(type, payload));

    it('accepts the sample event, the contract classes too, and with its personal data erased', () => {
      expect(classAccepts(definition.contract!.data, sample.data)).toEqual([]);
      if (sample.personal) expect(classAccepts(definition.contract!.personal!, sample.personal)).toEqual([]);
      expect(accepts(sample)).toBe('accepted');
      expect(accepts({ ...sample, personal: null })).toBe('accepted');
    });

    it('refuses another type, another schema version, a missing metadata field', () => {
      expect(validate({ ...event(sample), type: 'SomethingElse' })).toBe(false);
      expect(validate({ ...event(sample), schemaVersion: 2 })).toBe(false);
      expect(validate({ ...event(sample), metadata: { ...event(sample).metadata, eventId: undefined } })).toBe(false);
    });

    const parts = (['data', 'personal'] as const).filter((part) => definition.contract?.[part]);
    const fields = parts.flatMap((part) => {
      const schema = checkedIn(type) as { properties: Record<string, { properties: Record<string, JsonSchema> }> };
      return Object.entries(schema.properties[part].properties).map(([field, rule]) => [part, field, rule] as const);
    });
    it.each(fields)('agrees with the contract class on %s.%s', (part, field, rule) => {
      const contract = definition.contract![part]!;
      for (const [name, value] of mutationsOf(rule)) {
        const payload = { ...sample, [part]: withField(sample[part]!, field, value) };
        const byClass = classAccepts(contract, payload[part]).length === 0 ? 'accepted' : 'refused';
        expect({ [name]: accepts(payload).split(':')[0] }).toEqual({ [name]: byClass });
      }
    });
  },
);
