/** A passkey as list-user-passkeys shows it (the reference's row: its columns, dates as ISO strings). */
export interface PasskeyView {
  readonly id: string;
  readonly name: string | null;
  readonly publicKey: string;
  readonly userId: string;
  readonly credentialID: string;
  readonly counter: number;
  readonly deviceType: string;
  readonly backedUp: boolean;
  readonly transports: string;
  readonly createdAt: string;
  readonly aaguid: string;
}

/**
 * A ceremony's options for the browser (`navigator.credentials`), and the id of the challenge identity keeps for
 * it, which the gateway binds to the browser with the signed challenge cookie for `maxAge` seconds.
 */
export interface PasskeyCeremony {
  readonly options: Record<string, unknown>;
  readonly challengeId: string;
  readonly maxAge: number;
}
