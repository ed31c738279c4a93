import { getMetadataStorage } from 'class-validator';
import { nestedContractOf } from './contract-instance.js';

/** class-validator's record of one decorator on one property (its type is not exported by name). */
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** A JSON Schema (draft 2020-12) document or subschema, as plain JSON. */
export type JsonSchema = { readonly [keyword: string]: unknown };

type Rule = (metadata: ValidationMetadata) => JsonSchema;

const STRING_OR_LIST: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };

/**
 * The class-validator rules a contract field may carry (fields.ts), each as the JSON Schema keywords that accept
 * the same values. `isIso8601` is strict ISO 8601, which also admits dates without a time; every timestamp is
 * written by `toISOString()`, so `date-time` documents what arrives.
 */
const RULES: Readonly<Record<string, Rule>> = {
  isString: () => ({ type: 'string' }),
  isBoolean: () => ({ type: 'boolean' }),
  isIso8601: () => ({ type: 'string', format: 'date-time' }),
  isEmail: () => ({ type: 'string', format: 'email' }),
  isIn: ({ constraints }) => ({ enum: [...(constraints[0] as unknown[])] }),
  minLength: ({ constraints }) => ({ minLength: constraints[0] }),
  maxLength: ({ constraints }) => ({ maxLength: constraints[0] }),
  matches: ({ constraints }) => ({ type: 'string', pattern: patternOf(constraints[0], constraints[1]) }),
  isObject: () => ({ type: 'object' }),
  isInt: () => ({ type: 'integer' }),
  isPositive: () => ({ type: 'number', exclusiveMinimum: 0 }),
  max: ({ constraints }) => ({ type: 'number', maximum: constraints[0] }),
  min: ({ constraints }) => ({ type: 'number', minimum: constraints[0] }),
  isArray: () => ({ type: 'array' }),
  arrayMaxSize: ({ constraints }) => ({ maxItems: constraints[0] }),
  isNumberString: ({ constraints }) => {
    if ((constraints[0] as { no_symbols?: boolean } | undefined)?.no_symbols !== true)
      throw new Error('no JSON Schema for a number string with symbols');
    return { type: 'string', pattern: '^[0-9]+$' };
  },
  // Field rules of fields.ts whose check is code: the keywords that hold, and the rest in words.
  imageUrl: () => ({ type: 'string', format: 'uri', description: 'An https URL (http too in development).' }),
  boundedJson: () => ({
    type: 'object',
    description: 'Free JSON, bounded in size and depth, without control characters.',
  }),
  roleNames: () => ({ ...STRING_OR_LIST, description: 'A role name, several comma-separated, or a list of them.' }),
  roleOrRoles: () => ({ ...STRING_OR_LIST, description: 'A role name, several comma-separated, or a list of them.' }),
  textOrList: () => STRING_OR_LIST,
  permissionRecord: () => ({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'Each resource with the actions asked on it.',
  }),
  eventTypeList: ({ constraints }) => ({
    type: 'array',
    minItems: 1,
    items: { type: 'string', enum: [...(constraints[0] as string[])] },
  }),
  notWith: ({ constraints }) => ({ description: `Never sent together with ${String(constraints[0])}.` }),
  stringMap: () => ({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Names and string values, bounded in number and length; the flow’s own parameters refused.',
  }),
};

/** A rule's RegExp as a JSON Schema pattern (ECMA-262 too); flags would change its meaning there, so none. */
function patternOf(pattern: unknown, modifiers: unknown): string {
  if (!(pattern instanceof RegExp) || pattern.flags !== '' || modifiers !== undefined)
    throw new Error(`no JSON Schema pattern for ${String(pattern)}`);
  return pattern.source;
}

/** What the conditions on a field (`IsOptional`, `ValidateIf`) let through without checking its rules. */
interface Exemptions {
  readonly absent: boolean;
  readonly nulled: boolean;
}

/**
 * A condition is a function of the object and the value, so it is asked rather than read: a field whose rules
 * are skipped for `null` (or when absent) accepts `null` (or may be left out).
 */
function exemptionsOf(property: string, conditions: readonly ValidationMetadata[]): Exemptions {
  const skips = (object: object, value: unknown) =>
    conditions.some(
      (condition) => !(condition.constraints[0] as (object: object, value: unknown) => boolean)(object, value),
    );
  return { absent: skips({}, undefined), nulled: skips({ [property]: null }, null) };
}

function fieldSchema(owner: string, property: string, metadatas: readonly ValidationMetadata[]): JsonSchema {
  let schema: JsonSchema = {};
  for (const metadata of metadatas) {
    // `Allow`: any value, checked further by the domain.
    if (metadata.type === 'whitelistValidation') continue;
    if (metadata.type === 'nestedValidation' && !metadata.each) {
      schema = merged(schema, nestedSchema(owner, property, metadata.target));
      continue;
    }
    const rule = metadata.name !== undefined ? RULES[metadata.name] : undefined;
    // A rule without a JSON Schema counterpart would publish a schema looser than the contract: refuse it.
    if (!rule) throw new Error(`${owner}.${property}: no JSON Schema for rule ${metadata.name ?? metadata.type}`);
    // A rule on each element of a list holds for its items.
    schema = metadata.each
      ? { ...schema, items: merged((schema.items as JsonSchema | undefined) ?? {}, rule(metadata)) }
      : merged(schema, rule(metadata));
  }
  return schema;
}

/** Two rules' keywords on one field: an integer that must also be a positive number stays an integer. */
function merged(schema: JsonSchema, rule: JsonSchema): JsonSchema {
  const integer = schema.type === 'integer' && rule.type === 'number';
  return { ...schema, ...rule, ...(integer && { type: 'integer' }) };
}

/** The schema of the contract a `Nested` field holds (contract-instance.ts records which). */
function nestedSchema(owner: string, property: string, target: ValidationMetadata['target']): JsonSchema {
  const nested = typeof target === 'function' ? nestedContractOf(target, property) : undefined;
  if (!nested) throw new Error(`${owner}.${property}: nested without a contract class`);
  return contractJsonSchema(nested);
}

function nullable(schema: JsonSchema): JsonSchema {
  const { type, enum: values, ...rest } = schema;
  return {
    ...(type !== undefined && { type: [type, 'null'] }),
    ...(values !== undefined && { enum: [...(values as unknown[]), null] }),
    ...rest,
  };
}

/** Ancestors first, so that shared fields (the organization id) lead in every event's schema. */
function depthOf(type: object): number {
  let depth = 0;
  for (
    let parent = Object.getPrototypeOf(type);
    parent && parent !== Function.prototype;
    parent = Object.getPrototypeOf(parent)
  )
    depth += 1;
  return depth;
}

/**
 * The JSON Schema of the objects a contract class accepts, read from class-validator's metadata: inherited fields
 * included, fields a condition exempts when absent not required, and `null` admitted where it is exempted.
 * Properties no rule names are left open (a later version may add fields).
 */
export function contractJsonSchema(type: new () => object): JsonSchema {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const metadata of [...metadatas].sort((a, b) => depthOf(a.target as object) - depthOf(b.target as object)))
    byProperty.set(metadata.propertyName, [...(byProperty.get(metadata.propertyName) ?? []), metadata]);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [property, all] of byProperty) {
    const conditions = all.filter((metadata) => metadata.type === 'conditionalValidation');
    const exempt = exemptionsOf(property, conditions);
    const rules = all.filter((metadata) => metadata.type !== 'conditionalValidation');
    const schema = fieldSchema(type.name, property, rules);
    properties[property] = exempt.nulled ? nullable(schema) : schema;
    // A field only `Allow`ed takes any value, none included.
    const anything = rules.every((metadata) => metadata.type === 'whitelistValidation');
    if (!exempt.absent && !anything) required.push(property);
  }
  return { type: 'object', required, properties };
}
