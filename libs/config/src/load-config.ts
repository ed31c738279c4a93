import { NodeEnvVariable } from './common-variables.js';
import { ConfigError } from './config-error.js';
import { InvalidValue, type Variable } from './variable.js';

export type Schema = Record<string, Variable<unknown>>;
export type ConfigOf<S extends Schema> = { readonly [K in keyof S]: S[K] extends Variable<infer T> ? T : never };

function isProduction(env: NodeJS.ProcessEnv): boolean {
  return (env.NODE_ENV ?? NodeEnvVariable.NODE_ENV.defaultValue)?.trim() === 'production';
}

/**
 * Reads and validates the variables a process needs. The only place that reads `process.env`
 * (callers pass it in), so tests can hand in any environment.
 */
export function loadConfig<S extends Schema>(schema: S, env: NodeJS.ProcessEnv): ConfigOf<S> {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const raw = env[name] ?? spec.defaultValue;
    if (raw === undefined) {
      problems.push(`${name} is required (${spec.describe})`);
      continue;
    }
    if (spec.developmentOnly && raw.trim() === spec.defaultValue && isProduction(env)) {
      problems.push(`${name} must be set in production (the development default is refused)`);
      continue;
    }
    try {
      config[name] = spec.parse(raw);
      if (spec.offInProduction && config[name] === true && isProduction(env)) {
        problems.push(`${name} must be off in production (a development switch)`);
      }
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      problems.push(`${name} ${error.message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as ConfigOf<S>;
}
