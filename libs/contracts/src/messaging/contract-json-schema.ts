import { getMetadataStorage } from 'class-validator';

/** class-validator's record of one decorator on one property (its type is not exported by name). */
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** A JSON Schema (draft 2020-12) document or subschema, as plain JSON. */
export type JsonSchema = { readonly [keyword: string]: unknown };

type Rule = (metadata: ValidationMetadata) => JsonSchema;

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
};

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
  let schema: Record<string, unknown> = {};
  for (const metadata of metadatas) {
    const rule = metadata.name !== undefined && !metadata.each ? RULES[metadata.name] : undefined;
    // A rule without a JSON Schema counterpart would publish a schema looser than the contract: refuse it.
    if (!rule) throw new Error(`${owner}.${property}: no JSON Schema for rule ${metadata.name ?? metadata.type}`);
    schema = { ...schema, ...rule(metadata) };
  }
  return schema;
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
    const schema = fieldSchema(
      type.name,
      property,
      all.filter((metadata) => metadata.type !== 'conditionalValidation'),
    );
    properties[property] = exempt.nulled ? nullable(schema) : schema;
    if (!exempt.absent) required.push(property);
  }
  return { type: 'object', required, properties };
}
