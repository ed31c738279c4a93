/** One catalogue entry: what the client reads (`message`, `code`) and the HTTP status it arrives with. */
export interface ErrorDefinition {
  readonly message: string;
  readonly code: string;
  readonly status: number;
  /**
   * The other wordings of this entry, each naming the case at hand (the field, the Content-Type), as the
   * reference words them; a message that matches it in full is answered as is.
   */
  readonly namedCase?: RegExp;
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
export function defineError(
  message: string,
  status: number,
  code = codeFromMessage(message),
  namedCase?: RegExp,
): ErrorDefinition {
  return Object.freeze(namedCase ? { message, code, status, namedCase } : { message, code, status });
}

/** The entry worded for the case at hand (one of its `namedCase` wordings); code and status stay. */
export function withMessage(definition: ErrorDefinition, message: string): ErrorDefinition {
  if (!definition.namedCase?.test(message)) throw new Error(`"${message}" is no wording of ${definition.code}`);
  return Object.freeze({ ...definition, message });
}
