import {
  createServiceDataSource,
  ensureDatabase,
  EventStore,
  InlineProjector,
  migrateExclusively,
  PersonalDataVault,
  loadedFromRows,
  type PendingEvent,
  type RecordedEvent,
  type StreamDecision,
} from '@authsvc/platform';
import { randomBytes } from 'node:crypto';
import { KeyRing } from '@authsvc/config';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { organizationStreamId } from '../../src/kernel/organization-stream';
import {
  ORGANIZATION_ENTITIES,
  ORGANIZATION_MIGRATIONS,
  ORGANIZATION_PROJECTIONS,
} from '../../src/organization-storage';

const SERVER = 'postgres://postgres@127.0.0.1:5432';

/** A decision on one organization's stream, as `OrganizationStream` runs it (without its in-process queue). */
export type OrganizationDecision<State> = Omit<StreamDecision<State>, 'streamId' | 'context'>;

/**
 * The organization service's schema, migrated as the service migrates it, in a database of its own (its SQL
 * names the `organization` schema), with the service's event store and inline projections. One per spec file.
 */
export class OrganizationDatabase {
  private constructor(
    private readonly url: URL,
    readonly dataSource: DataSource,
    readonly store: EventStore,
  ) {}

  static async create(): Promise<OrganizationDatabase> {
    const url = new URL(`${SERVER}/organization_${randomBytes(4).toString('hex')}`);
    await ensureDatabase(url);
    const dataSource = createServiceDataSource({
      databaseUrl: url,
      schema: 'organization',
      entities: ORGANIZATION_ENTITIES,
      migrations: ORGANIZATION_MIGRATIONS,
    });
    await dataSource.initialize();
    await migrateExclusively(dataSource, 'organization');
    const vault = new PersonalDataVault(
      'organization',
      new KeyRing([randomBytes(32).toString('hex')], 'data-key-wrapping'),
    );
    const store = new EventStore(dataSource, 'organization', vault, new InlineProjector(ORGANIZATION_PROJECTIONS));
    return new OrganizationDatabase(url, dataSource, store);
  }

  async drop(): Promise<void> {
    await this.dataSource.destroy();
    const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE "${this.url.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  }

  /** Loads, decides and appends on the organization's stream, deciding again when it loses the race. */
  execute<State>(organizationId: string, decision: OrganizationDecision<State>): Promise<RecordedEvent[]> {
    const context = { correlationId: 'organization-int-spec', actorId: null, now: new Date() };
    return this.store.execute({ streamId: organizationStreamId(organizationId), context, ...decision });
  }

  /** Appends events at the stream's current version, as a decision with nothing to check would. */
  append(organizationId: string, events: readonly PendingEvent[]): Promise<RecordedEvent[]> {
    return this.execute(organizationId, { state: loadedFromRows(async () => null), decide: () => events });
  }

  version(organizationId: string): Promise<number> {
    return this.store.streamVersion(organizationStreamId(organizationId));
  }
}
