export * from './user-snapshot.js';
export * from './user-snapshot.entity.js';
export * from './user-snapshot.schema.js';
export * from './user-snapshot.projection.js';
export * from './user-snapshot.store.js';
export * from './identity-users.js';
export * from './user-snapshots.js';
export * from './user-snapshots.providers.js';
