import type { RetryBudget } from '@authsvc/config';
import { MultiplexedNatsClient, RpcClient, type ServiceRuntime } from '@authsvc/platform';
import type { Provider } from '@nestjs/common';
import { IdentityUsers } from './identity-users.js';
import type { UserSnapshotRow } from './user-snapshot.entity.js';
import { UserSnapshotStore } from './user-snapshot.store.js';
import { UserSnapshots } from './user-snapshots.js';

/**
 * A service's copy of identity's users as Nest providers: `UserSnapshots` over the table of `entity`, and the
 * identity client it asks (closed at shutdown), within `rpcBudget`.
 */
export function userSnapshotsProviders(
  runtime: Pick<ServiceRuntime, 'nats' | 'dataSource'>,
  rpcBudget: RetryBudget,
  entity: new () => UserSnapshotRow,
): Provider[] {
  return [
    {
      provide: IdentityUsers,
      useFactory: () => new IdentityUsers(new RpcClient(new MultiplexedNatsClient(runtime.nats), rpcBudget)),
    },
    {
      provide: UserSnapshots,
      useFactory: (identity: IdentityUsers) =>
        new UserSnapshots(new UserSnapshotStore(runtime.dataSource, entity), identity),
      inject: [IdentityUsers],
    },
  ];
}
