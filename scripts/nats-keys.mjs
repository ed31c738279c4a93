#!/usr/bin/env node
// Prints a fresh NATS credential per app as .env lines for docker compose: AUTHSVC_<APP>_NKEY (the public key,
// for nats-server) and AUTHSVC_<APP>_NKEY_SEED (the secret, for that app alone).   npm run -s nats:keys >> .env
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsPublicKeyVariable } from '@authsvc/platform';
import { nkeys } from '@nats-io/transport-node';

for (const { user } of NATS_ACCESS) {
  const pair = nkeys.createUser();
  console.log(`${natsPublicKeyVariable(user)}=${pair.getPublicKey()}`);
  console.log(`${natsPublicKeyVariable(user)}_SEED=${new TextDecoder().decode(pair.getSeed())}`);
}
