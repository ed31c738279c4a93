import { contractJsonSchema, type JsonSchema } from './contract-json-schema.js';
import type { EventDefinition } from './event-definition.js';

const TEXT = { type: 'string', minLength: 1 };
const NULLABLE_TEXT = { type: ['string', 'null'], minLength: 1 };

/** `EventMetadata`, the same for every event. */
const METADATA: JsonSchema = {
  type: 'object',
  required: ['eventId', 'correlationId', 'causationId', 'actorId', 'occurredAt'],
  properties: {
    eventId: { ...TEXT, description: 'Unique per event, and the Nats-Msg-Id: deduplicate by it.' },
    correlationId: TEXT,
    causationId: { ...NULLABLE_TEXT, description: 'The eventId of the previous event of the same command.' },
    actorId: { ...NULLABLE_TEXT, description: 'The user who acted, or null for the system.' },
    occurredAt: { type: 'string', format: 'date-time' },
  },
};

/**
 * The JSON Schema (draft 2020-12) of an event as JetStream carries it (`PublishedEvent`): the envelope, with
 * `data` and `personal` from the event's contract classes. `personal` is always allowed to be `null` (erased).
 */
export function publishedEventJsonSchema(definition: EventDefinition<unknown, unknown>): JsonSchema {
  const { contract } = definition;
  if (!contract) throw new Error(`${definition.type} declares no contract classes to describe it with`);
  const personal = contract.personal
    ? { ...contractJsonSchema(contract.personal), type: ['object', 'null'], description: 'null once erased.' }
    : { type: 'null' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `urn:authsvc:event:${definition.type}:${definition.schemaVersion}`,
    title: definition.type,
    description: `Published on ${definition.subject}.`,
    type: 'object',
    required: ['type', 'schemaVersion', 'streamId', 'streamPosition', 'globalPosition', 'data', 'personal', 'metadata'],
    properties: {
      type: { const: definition.type },
      schemaVersion: { const: definition.schemaVersion },
      streamId: { ...TEXT, description: "The event's stream in the store: one per aggregate (organization)." },
      streamPosition: { type: 'integer', minimum: 1, description: 'Its place in that stream, from 1 without gaps.' },
      globalPosition: { type: 'string', pattern: '^[1-9][0-9]*$', description: "Its place in the service's log." },
      data: contractJsonSchema(contract.data),
      personal,
      metadata: METADATA,
    },
  };
}
