/** A mail ready to send: always a text part (with the full link) and an HTML part. */
export interface RenderedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}
