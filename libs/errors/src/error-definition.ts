/** One catalogue entry: what the client reads (`message`, `code`) and the HTTP status it arrives with. */
export interface ErrorDefinition {
  readonly message: string;
  readonly code: string;
  readonly status: number;
}

/**
 * The wire rule for codes: upper-case the message, spaces become underscores, anything outside
 * [A-Z0-9_] is dropped ("You can't unlink your last account" → YOU_CANT_UNLINK_YOUR_LAST_ACCOUNT).
 */
export function codeFromMessage(message: string): string {
  return message
    .toUpperCase()
    .replace(/ /g, '_')
    .replace(/[^A-Z0-9_]/g, '');
}

/** An entry whose code follows the wire rule, unless the current client expects an explicit one. */
export function defineError(message: string, status: number, code = codeFromMessage(message)): ErrorDefinition {
  return Object.freeze({ message, code, status });
}
