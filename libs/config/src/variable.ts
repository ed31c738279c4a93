/** How one environment variable is read: its parser and, when optional, its local-development default. */
export interface Variable<T> {
  readonly describe: string;
  readonly defaultValue?: string;
  /** The default is a published development credential: refused, like the same value set, in production. */
  readonly developmentOnly?: boolean;
  /** A development switch: refused when turned on in production. */
  readonly offInProduction?: boolean;
  parse(raw: string): T;
}

/** Thrown by a parser with a human explanation; the loader prefixes the variable's name. */
export class InvalidValue extends Error {}

function variable<T>(describe: string, parse: (raw: string) => T, defaultValue?: string): Variable<T> {
  return { describe, parse, defaultValue };
}

export function text(defaultValue?: string): Variable<string> {
  return variable('a string', (raw) => raw, defaultValue);
}

export function integer(defaultValue: number | undefined, min: number, max: number): Variable<number> {
  return variable(
    `an integer from ${min} to ${max}`,
    (raw) => {
      const value = Number(raw);
      if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
        throw new InvalidValue(`must be an integer from ${min} to ${max}, got "${raw}"`);
      }
      return value;
    },
    defaultValue?.toString(),
  );
}

/**
 * A switch for development only (off by default): production refuses to start with it on, naming it, as it
 * refuses the development secrets.
 */
export function developmentSwitch(): Variable<boolean> {
  return { ...boolean(false), offInProduction: true };
}

/** A decimal number such as `0.5`, within [min, max]. */
export function decimal(defaultValue: number, min: number, max: number): Variable<number> {
  return variable(
    `a number from ${min} to ${max}`,
    (raw) => {
      const value = Number(raw);
      if (!/^\s*-?\d+(\.\d+)?\s*$/.test(raw) || value < min || value > max) {
        throw new InvalidValue(`must be a number from ${min} to ${max}, got "${raw}"`);
      }
      return value;
    },
    String(defaultValue),
  );
}

/** An integer, or empty for "derive it from other settings". */
export function optionalInteger(min: number, max: number): Variable<number | undefined> {
  const required = integer(undefined, min, max);
  return variable(`${required.describe}, or empty`, (raw) => (raw.trim() === '' ? undefined : required.parse(raw)), '');
}

export function boolean(defaultValue: boolean): Variable<boolean> {
  return variable(
    'true or false',
    (raw) => {
      const normalized = raw.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
      if (['false', '0', 'no', 'off'].includes(normalized)) return false;
      throw new InvalidValue(`must be true or false, got "${raw}"`);
    },
    String(defaultValue),
  );
}

export function url(protocols: readonly string[], defaultValue?: string): Variable<URL> {
  return variable(
    `a URL (${protocols.join(', ')})`,
    (raw) => {
      let parsed: URL;
      try {
        parsed = new URL(raw.trim());
      } catch {
        throw new InvalidValue(`must be a URL, got "${raw}"`);
      }
      if (!protocols.includes(parsed.protocol)) {
        throw new InvalidValue(`must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
      }
      return parsed;
    },
    defaultValue,
  );
}

/** A comma-separated list of URLs, at least one (the servers of a NATS cluster: a client fails over between them). */
export function urlList(protocols: readonly string[], defaultValue?: string): Variable<URL[]> {
  const one = url(protocols);
  return variable(
    `a comma-separated list of URLs (${protocols.join(', ')})`,
    (raw) => {
      const entries = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0);
      if (entries.length === 0) throw new InvalidValue('must name at least one URL');
      return entries.map((entry) => one.parse(entry));
    },
    defaultValue,
  );
}

export function optionalUrl(protocols: readonly string[]): Variable<URL | undefined> {
  const required = url(protocols);
  return variable(`${required.describe}, or empty`, (raw) => (raw.trim() === '' ? undefined : required.parse(raw)), '');
}

const USER_NKEY_SEED = /^SU[A-Z2-7]{56}$/;

/** A NATS user's nkey seed (`SU…`, as `nk -gen user` or `npm run nats:keys` prints it). */
export function nkeySeed(developmentDefault: string): Variable<string> {
  return {
    ...variable(
      'a NATS user nkey seed (SU…)',
      (raw) => {
        const seed = raw.trim();
        if (!USER_NKEY_SEED.test(seed)) throw new InvalidValue('must be a NATS user nkey seed (58 characters, SU…)');
        return seed;
      },
      developmentDefault,
    ),
    developmentOnly: true,
  };
}

/** A comma-separated list; each entry trimmed, empty ones dropped, and at least `minEntryLength` characters long. */
export function list(defaultValue = '', minEntryLength = 1): Variable<string[]> {
  return variable(
    'a comma-separated list',
    (raw) => {
      const entries = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0);
      const short = entries.find((entry) => entry.length < minEntryLength);
      if (short !== undefined) throw new InvalidValue(`has "${short}": entries need ${minEntryLength}+ characters`);
      return entries;
    },
    defaultValue,
  );
}

export function oneOf<const T extends string>(choices: readonly T[], defaultValue: T): Variable<T> {
  return variable(
    `one of ${choices.join(', ')}`,
    (raw) => {
      const value = raw.trim() as T;
      if (!choices.includes(value)) throw new InvalidValue(`must be one of ${choices.join(', ')}, got "${raw}"`);
      return value;
    },
    defaultValue,
  );
}
