import type { ErrorDefinition } from './error-definition.js';

/**
 * The one error type domain code throws. It carries a catalogue entry; across processes it travels as
 * `{code, message, status}` and is matched on `code`, never on `instanceof`.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;

  /** `status` overrides the catalogue's where one endpoint of the reference answers a rule differently. */
  constructor(
    readonly definition: ErrorDefinition,
    options: { readonly status?: number } = {},
  ) {
    super(definition.message);
    this.name = 'DomainError';
    this.code = definition.code;
    this.status = options.status ?? definition.status;
  }

  toJSON(): ErrorDefinition {
    return { code: this.code, message: this.message, status: this.status };
  }
}

/** Recognises the serialized form of a DomainError (as it arrives over NATS). */
export function isErrorDefinition(value: unknown): value is ErrorDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string' &&
    typeof candidate.status === 'number' &&
    Number.isInteger(candidate.status) &&
    candidate.status >= 400 &&
    candidate.status < 600
  );
}
