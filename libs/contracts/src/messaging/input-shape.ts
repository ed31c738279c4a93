/**
 * Rules on the shape of a whole input rather than one field: how deep it nests and which characters its text
 * holds. Every body and query the gateway takes passes them (`HttpValidationPipe`), so no field can forget them.
 */

/* eslint-disable no-control-regex -- matching control characters is the point of these patterns */
/** Unicode's control characters (C0, DEL, C1): no name, slug or address has a use for them. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** In free text (JSON values) tabs and line breaks are content; every other control character is not. */
const CONTROL_CHARACTER_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/** Whether a value (object or array) nests more than `levels` levels deep; a scalar nests none. */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  return Object.values(value).some((item) => nestedDeeperThan(item, levels - 1));
}

/** Whether a JSON value holds, in a key or a string, a control character other than a tab or a line break. */
export function freeTextHoldsControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER_BUT_LAYOUT.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, item]) => CONTROL_CHARACTER_BUT_LAYOUT.test(key) || freeTextHoldsControlCharacter(item),
  );
}

type ContractClass = abstract new () => object;

const declaredOwnRule = new Map<object, Set<string>>();
const ownRuleByClass = new Map<object, ReadonlySet<string>>();

/**
 * Marks a field whose characters its own rule decides, exempt from the control-character rule: a password
 * (any character counts, ASVS 6.2.9) or free JSON (which refuses control characters but tabs and line breaks).
 */
export function ownCharacterRule(): PropertyDecorator {
  return (target, property) => {
    const properties = declaredOwnRule.get(target.constructor) ?? new Set<string>();
    properties.add(String(property));
    declaredOwnRule.set(target.constructor, properties);
  };
}

/** The fields of a class and its ancestors marked `ownCharacterRule` (fixed once the classes are defined). */
function ownRuleFieldsOf(type: ContractClass): ReadonlySet<string> {
  let fields = ownRuleByClass.get(type);
  if (!fields) {
    const merged = new Set<string>();
    for (let owner: object | null = type; owner && owner !== Function.prototype; owner = Object.getPrototypeOf(owner)) {
      declaredOwnRule.get(owner)?.forEach((property) => merged.add(property));
    }
    fields = merged;
    ownRuleByClass.set(type, fields);
  }
  return fields;
}

/**
 * Whether a validated input (a contract instance, nested contracts and lists included) holds a control character
 * in a key or string anywhere, fields with their own rule aside. Call it on inputs whose depth is bounded.
 */
export function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (typeof value !== 'object' || value === null) return false;
  const exempt = ownRuleFieldsOf(value.constructor as ContractClass);
  return Object.entries(value).some(
    ([key, item]) => !exempt.has(key) && (CONTROL_CHARACTER.test(key) || holdsControlCharacter(item)),
  );
}
