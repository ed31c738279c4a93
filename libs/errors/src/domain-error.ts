import type { ErrorDefinition } from './error-definition.js';

/**
 * The one error type domain code throws. It carries a catalogue entry; across processes it travels as
 * `{code, message, status}` and is matched on `code`, never on `instanceof`.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  /** How long the caller must wait before trying again (a throttled account), sent to clients as `X-Retry-After`. */
  readonly retryAfterSeconds?: number;

  /** `status` overrides the catalogue's where one endpoint of the reference answers a rule differently. */
  constructor(
    readonly definition: ErrorDefinition,
    options: { readonly status?: number; readonly retryAfterSeconds?: number } = {},
  ) {
    super(definition.message);
    this.name = 'DomainError';
    this.code = definition.code;
    this.status = options.status ?? definition.status;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toJSON(): ErrorDefinition & { retryAfterSeconds?: number } {
    const { code, message, status, retryAfterSeconds } = this;
    return retryAfterSeconds === undefined ? { code, message, status } : { code, message, status, retryAfterSeconds };
  }
}

/** The wait a serialized DomainError carries (see `retryAfterSeconds`), when it is a positive whole number. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  const value = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
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
