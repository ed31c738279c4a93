import pg from 'pg';
import { signUpActor, type Actor } from './actor.js';
import { TestStack } from './test-stack.js';

/** A stack with an admin granted everything by ADMIN_USER_IDS, and a client of its database to read events. */
export interface AdminStack {
  readonly stack: TestStack;
  readonly root: Actor;
  readonly db: pg.Client;
  /** The variables that make `root` an admin (the gateway's, and identity's), for a test that restarts it with more. */
  readonly gatewayEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Restarts the apps that read ADMIN_USER_IDS and ADMIN_EMAILS with these: the gateway, which decides admin
 * requests, and identity, which checks their actor again.
 */
export async function grantAdmins(stack: TestStack, env: Record<string, string>): Promise<void> {
  await stack.restart('identity', env);
  await stack.restart('gateway', env);
}

export async function startAdminStack(env: Record<string, string> = {}): Promise<AdminStack> {
  const stack = await TestStack.start(env);
  const root = await signUpActor(stack, 'root');
  const gatewayEnv = { ADMIN_USER_IDS: root.id };
  await grantAdmins(stack, gatewayEnv);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  return {
    stack,
    root,
    db,
    gatewayEnv,
    stop: async () => {
      await db.end();
      await stack.stop();
    },
  };
}

/** A recorded event of a session's stream, as the audit trail reads it. */
export interface SessionEventRow {
  readonly data: Record<string, unknown>;
  readonly metadata: { readonly actorId: string | null };
}

export async function sessionEvent(db: pg.Client, sessionId: string, type: string): Promise<SessionEventRow> {
  const { rows } = await db.query(`SELECT data, metadata FROM session.events WHERE stream_id = $1 AND type = $2`, [
    `session-${sessionId}`,
    type,
  ]);
  if (rows.length !== 1) throw new Error(`${rows.length} ${type} events for session ${sessionId}`);
  return rows[0] as SessionEventRow;
}
