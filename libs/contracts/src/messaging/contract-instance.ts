type ContractClass = new () => object;
type NestedClasses = ReadonlyMap<string, () => ContractClass>;

const declaredNested = new Map<object, Map<string, () => ContractClass>>();
const nestedByClass = new Map<object, NestedClasses>();

/**
 * Records that a property holds another contract's object, so that `toContractInstance` gives it an instance
 * of that class (class-validator finds a class's rules by the object's constructor). The field rule that
 * uses it is `Nested` (fields.ts).
 */
export function nestedContract(classOf: () => ContractClass): PropertyDecorator {
  return (target, property) => {
    const properties = declaredNested.get(target.constructor) ?? new Map<string, () => ContractClass>();
    properties.set(String(property), classOf);
    declaredNested.set(target.constructor, properties);
  };
}

/** Keys that would change what the instance is rather than hold a field; never contract fields. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor']);

/**
 * A parsed JSON payload as an instance of its contract class, nested contracts included, for class-validator.
 * Values are taken as they are (validation decides about them). `__proto__` and `constructor` keys are not
 * copied: they would swap the instance's prototype or hide its class from class-validator, and like every
 * key no rule names, they are dropped.
 */
export function toContractInstance<T extends object>(type: new () => T, payload: object): T {
  const instance = new type() as Record<string, unknown>;
  for (const key of Object.keys(payload)) {
    if (!PROTOTYPE_KEYS.has(key)) instance[key] = (payload as Record<string, unknown>)[key];
  }
  for (const [property, classOf] of nestedOf(type)) {
    const value = instance[property];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      instance[property] = toContractInstance(classOf(), value);
    }
  }
  return instance as T;
}

/** The contract class a property of `type` (or of an ancestor) holds, as `nestedContract` declared it. */
export function nestedContractOf(type: object, property: string): ContractClass | undefined {
  return nestedOf(type as ContractClass).get(property)?.();
}

/** The nested properties a class and its ancestors declare (fixed once the classes are defined). */
function nestedOf(type: ContractClass): NestedClasses {
  let nested = nestedByClass.get(type);
  if (!nested) {
    const merged = new Map<string, () => ContractClass>();
    for (let owner: object | null = type; owner && owner !== Function.prototype; owner = Object.getPrototypeOf(owner)) {
      for (const [property, classOf] of declaredNested.get(owner) ?? []) {
        if (!merged.has(property)) merged.set(property, classOf);
      }
    }
    nested = merged;
    nestedByClass.set(type, nested);
  }
  return nested;
}
