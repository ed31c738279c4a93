import {
  IsInt,
  IsString,
  Min,
  ValidateNested,
  getMetadataStorage,
  validate,
  type ValidationError,
} from 'class-validator';
import { installValidationMetadataCache } from './validation-metadata-cache.js';

class Hinge {
  @IsInt()
  turns!: number;
}

abstract class Door {
  @IsString()
  name!: string;
}

class FrontDoor extends Door {
  @Min(1)
  width!: number;

  @ValidateNested()
  hinge!: Hinge;
}

const hinge = (turns: unknown) => Object.assign(new Hinge(), { turns });
const frontDoor = (fields: Record<string, unknown>) =>
  Object.assign(new FrontDoor(), { name: 'front', width: 80, hinge: hinge(3), ...fields });
const doors = () => [
  frontDoor({}),
  frontDoor({ name: 7, width: 0 }),
  frontDoor({ hinge: hinge('three') }),
  frontDoor({ hinge: 'none', surplus: true }),
];

const options = { whitelist: true, forbidUnknownValues: true };
const validateAll = (objects: object[]) => Promise.all(objects.map((object) => validate(object, options)));
const broken = (errors: ValidationError[]): string[] =>
  errors.flatMap((error) => [
    ...Object.keys(error.constraints ?? {}).map((rule) => `${error.property}: ${rule}`),
    ...broken(error.children ?? []).map((nested) => `${error.property}.${nested}`),
  ]);

describe('installValidationMetadataCache', () => {
  it('validates exactly as class-validator does without it, inherited and nested rules included', async () => {
    const lookup = getMetadataStorage().getTargetValidationMetadatas;
    const before = await validateAll(doors());

    installValidationMetadataCache();
    expect(getMetadataStorage().getTargetValidationMetadatas).not.toBe(lookup);

    expect(await validateAll(doors())).toEqual(before);
    expect(await validateAll(doors())).toEqual(before);
    expect(before.map(broken)).toEqual([
      [],
      ['width: min', 'name: isString'],
      ['hinge.turns: isInt'],
      ['hinge: nestedValidation'],
    ]);
  });

  it('applies a rule registered after a validation, on the class or on a class it extends', async () => {
    installValidationMetadataCache();
    class Gate {
      @IsString()
      name!: string;
    }
    class BackGate extends Gate {
      @IsInt()
      width!: number;
    }
    const gate = Object.assign(new BackGate(), { name: 'back', width: 80, bolts: 'two' });
    expect(await validate(gate)).toEqual([]);

    IsInt()(BackGate.prototype, 'bolts');
    IsInt()(Gate.prototype, 'name');
    expect(broken(await validate(gate))).toEqual(['bolts: isInt', 'name: isInt']);

    class TrapGate extends BackGate {
      @IsString()
      hatch!: string;
    }
    const trapGate = Object.assign(new TrapGate(), { name: 'trap', width: 60, bolts: 2, hatch: 1 });
    expect(broken(await validate(trapGate))).toEqual(['hatch: isString', 'name: isInt']);
  });

  it('answers the same rules from its cache, and installing twice wraps nothing twice', async () => {
    installValidationMetadataCache();
    const lookup = getMetadataStorage().getTargetValidationMetadatas;
    installValidationMetadataCache();
    expect(getMetadataStorage().getTargetValidationMetadatas).toBe(lookup);

    const rules = () => getMetadataStorage().getTargetValidationMetadatas(FrontDoor, '', false, false);
    expect(rules()).toBe(rules());
    expect(broken(await validate(frontDoor({ width: 0 }), options))).toEqual(['width: min']);
  });
});
