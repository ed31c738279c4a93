#!/usr/bin/env node
// Grants or revokes the admin role of the user with an email, as server code: a NATS request
// (identity.rpc.user.set-role-by-email) with the `backend` user's credential, which the gateway may not send.
//   npm run admin -- grant ada@example.com      npm run admin -- revoke ada@example.com
// Environment: NATS_URL, NATS_NKEY_SEED (the backend user's seed; the development one unless NODE_ENV=production),
// RPC_TIMEOUT_MS, RPC_ATTEMPT_TIMEOUT_MS. Without NODE_ENV it runs as in development: it is first a command of a
// developer's checkout, and a production NATS server, which does not list the development key, refuses it anyway.
import { randomUUID } from 'node:crypto';
import { loadConfig, natsVariables, rpcRetryBudget, RpcClientVariables } from '@authsvc/config';
import { BackEndNatsAccess, IdentityRpc } from '@authsvc/contracts';
import { MultiplexedNatsClient, natsEndpoint, RpcClient } from '@authsvc/platform';

const ROLES = { grant: 'admin', revoke: 'user' };

const [action, email] = process.argv.slice(2);
if (!Object.hasOwn(ROLES, action ?? '') || !email) {
  console.error('usage: npm run admin -- grant|revoke <email>');
  process.exit(2);
}
let rpc;
try {
  const variables = { ...natsVariables(BackEndNatsAccess.user), ...RpcClientVariables };
  const config = loadConfig(variables, { NODE_ENV: 'development', ...process.env });
  rpc = new RpcClient(new MultiplexedNatsClient(natsEndpoint(BackEndNatsAccess.user, config)), rpcRetryBudget(config));
  const user = await rpc.call(IdentityRpc.setRoleByEmail, {
    email,
    role: ROLES[action],
    correlationId: `admin-cli-${randomUUID()}`,
  });
  console.log(`${user.email}: role ${user.role}`);
} catch (error) {
  console.error(`${action} ${email} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await rpc?.close();
}
