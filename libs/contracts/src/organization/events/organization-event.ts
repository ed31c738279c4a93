import { defineEvent, type EventDefinition } from '../../messaging/event-definition.js';
import { Id } from '../../messaging/fields.js';

/** What every organization event's data holds: the organization it is about (the stream it is ordered in). */
export abstract class OrganizationEventData {
  @Id()
  organizationId!: string;
}

/**
 * Declares an organization event from its payload classes, on `organization.events.<aggregate>.<fact>`. Every
 * event of one organization is in that organization's stream, so subscribers receive them in order.
 */
export function organizationEvent<const TType extends string, TData extends OrganizationEventData, TPersonal = null>(
  type: TType,
  fact: string,
  data: new () => TData,
  personal?: new () => object,
): EventDefinition<TData, TPersonal, TType> {
  return defineEvent<TType, TData, TPersonal>(type, `organization.events.${fact}`, {
    contract: personal ? { data, personal } : { data },
  });
}
