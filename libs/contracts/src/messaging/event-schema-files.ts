import { OrganizationEventTypes } from '../organization/events/organization-event-types.js';
import type { EventDefinition } from './event-definition.js';
import { publishedEventJsonSchema } from './published-event-json-schema.js';

export const EVENT_SCHEMAS_DIRECTORY = 'docs/events/schemas';

/** The events other systems subscribe to, each published with a JSON Schema generated from its contract classes. */
export const SCHEMA_PUBLISHED_EVENTS: readonly EventDefinition<unknown, unknown>[] = [...OrganizationEventTypes];

/** Indented JSON with each list of plain values (`required`, `enum`, `type`) on one line, as a reader scans it. */
function readableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /\[\n\s*([^[\]{}]*?)\n\s*\]/g,
    (_list, items: string) => `[${items.split(/,\n\s*/).join(', ')}]`,
  );
}

/**
 * The files `npm run events:schemas` writes (path from the repository root → content): one JSON Schema per event
 * type, `<type>.json`.
 */
export function eventSchemaFiles(): Record<string, string> {
  return Object.fromEntries(
    SCHEMA_PUBLISHED_EVENTS.map((definition) => [
      `${EVENT_SCHEMAS_DIRECTORY}/${definition.type}.json`,
      `${readableJson(publishedEventJsonSchema(definition))}\n`,
    ]),
  );
}
