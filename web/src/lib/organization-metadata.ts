/** An organization's metadata as the person typed it: a JSON object, or the reason it is not one. */
export type MetadataInput = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/**
 * Reads the metadata field. The API takes an object only (an array, a string or null is a 400), so the browser
 * says so before sending; an empty field means no metadata, sent as `{}`.
 */
export function parseMetadata(text: string): MetadataInput {
  if (!text.trim()) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'This is not valid JSON: check the quotes, commas and braces.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'Metadata must be a JSON object, like {"plan": "pro"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The stored metadata as text to edit. get-full-organization answers it as JSON text (create and update as an
 * object), so both are accepted; no metadata, or an empty object, is an empty field.
 */
export function metadataText(stored: unknown): string {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      // Not JSON (written by some other client): shown as it is, so that nothing is lost silently.
      return stored;
    }
  }
  if (typeof value !== 'object' || value === null || Object.keys(value).length === 0) return '';
  return JSON.stringify(value, null, 2);
}
