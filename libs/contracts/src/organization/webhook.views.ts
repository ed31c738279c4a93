/** A webhook as list, update and delete answer it: never its secret. */
export interface WebhookView {
  id: string;
  organizationId: string;
  url: string;
  /** Event types delivered (`*`: every type). */
  events: string[];
  createdAt: string;
  updatedAt: string;
}

/** The create answer: the only time the signing secret (`whsec_` + base64 of 24 random bytes) is shown. */
export interface CreatedWebhookView extends WebhookView {
  secret: string;
}

/** How many failed deliveries a replay queued again. */
export interface WebhookReplayView {
  replayed: number;
}
