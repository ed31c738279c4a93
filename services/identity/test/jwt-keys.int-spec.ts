import { randomBytes } from 'node:crypto';
import { authKeyRing, KeyRing } from '@authsvc/config';
import { JWT_KEY_STREAM_ID, jwtPrivateKeyAssociatedData } from '@authsvc/contracts';
import {
  createServiceDataSource,
  ensureDatabase,
  EventStore,
  InlineProjector,
  migrateExclusively,
  open,
  PersonalDataVault,
} from '@authsvc/platform';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { ProvideJwtKeySetCommand, ProvideJwtKeySetHandler } from '../src/keys/commands/provide-jwt-key-set.handler';
import { JwtKeyEntity } from '../src/keys/jwt-key.entity';
import { JwtKeyReads } from '../src/keys/jwt-key-reads';
import { JwtKeyStream } from '../src/keys/jwt-key-stream';
import type { RotationPolicy } from '../src/keys/jwt-key-rotation';
import { jwtKeyViewProjection } from '../src/keys/projections/jwt-key-view.projection';
import { InitialIdentitySchema1763800000000 } from '../src/migrations/1763800000000-initial-identity-schema';
import { WrappedDataKeys1764600000000 } from '../src/migrations/1764600000000-wrapped-data-keys';
import { JwtKeys1764700000000 } from '../src/migrations/1764700000000-jwt-keys';

// Two identity replicas (each its own connection pool and event store) on one database of their own.
const databaseUrl = new URL(`postgres://postgres@127.0.0.1:5432/identity_jwt_keys_${randomBytes(4).toString('hex')}`);
const secrets = { AUTH_SECRET: 'jwt-keys-int-spec-secret-0123456789abcdef', AUTH_SECRETS_PREVIOUS: [] };
const sealKeys = authKeyRing(secrets, 'jwt-private-key');
const ROTATION_SECONDS = 2;
const policy: RotationPolicy = { intervalSeconds: ROTATION_SECONDS, currentSealKeyId: sealKeys.current.id };

interface Replica {
  readonly dataSource: DataSource;
  readonly keySets: ProvideJwtKeySetHandler;
}

async function startReplica(): Promise<Replica> {
  const dataSource = createServiceDataSource({
    databaseUrl,
    schema: 'identity',
    entities: [JwtKeyEntity],
    migrations: [InitialIdentitySchema1763800000000, WrappedDataKeys1764600000000, JwtKeys1764700000000],
  });
  await dataSource.initialize();
  await migrateExclusively(dataSource, 'identity');
  const vault = new PersonalDataVault('identity', new KeyRing(['int-spec-data-key'], 'data-key-wrapping'));
  const store = new EventStore(dataSource, 'identity', vault, new InlineProjector([jwtKeyViewProjection]));
  const stream = new JwtKeyStream(store, sealKeys, policy);
  return { dataSource, keySets: new ProvideJwtKeySetHandler(new JwtKeyReads(dataSource), stream, policy) };
}

let replicas: Replica[];
let db: pg.Client;

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  replicas = [await startReplica(), await startReplica()];
  db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await Promise.all(replicas.map(({ dataSource }) => dataSource.destroy()));
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE "${databaseUrl.pathname.slice(1)}"`);
  await admin.end();
});

/** Every replica asks for the key set several times at once, as gateways starting together would. */
const askedByAll = () =>
  Promise.all(
    replicas.flatMap(({ keySets }) =>
      Array.from({ length: 4 }, (_, index) =>
        keySets.execute(new ProvideJwtKeySetCommand({ correlationId: `ask-${index}`, tokenLifetimeSeconds: 900 })),
      ),
    ),
  );

const issuedKids = async (): Promise<string[]> =>
  (
    await db.query<{ kid: string }>(
      `SELECT data->>'kid' AS kid FROM identity.events WHERE stream_id = $1 ORDER BY stream_position`,
      [JWT_KEY_STREAM_ID],
    )
  ).rows.map((row) => row.kid);

describe('JWT signing keys on two identity replicas', () => {
  it('ends a first use racing on both replicas with one key, the one every answer names', async () => {
    const answers = await askedByAll();
    const kids = await issuedKids();
    expect(kids).toHaveLength(1);
    for (const answer of answers) expect(answer.keys.map((key) => key.kid)).toEqual(kids);
  });

  it('stores the private key only sealed under the AUTH_SECRET-derived key, bound to its kid', async () => {
    const { rows } = await db.query<{ kid: string; sealed_private_key: string; public_key: { x: string } }>(
      'SELECT kid, sealed_private_key, public_key FROM identity.jwt_keys',
    );
    const [row] = rows;
    const sealed = Buffer.from(row.sealed_private_key, 'base64url');
    const privateJwk = JSON.parse(
      open(sealKeys.current.key, sealed, jwtPrivateKeyAssociatedData(row.kid))!.toString(),
    ) as { d: string; x: string };
    expect(privateJwk.x).toBe(row.public_key.x);
    const everything = JSON.stringify(
      (await db.query('SELECT * FROM identity.jwt_keys')).rows.concat(
        (await db.query('SELECT data, personal FROM identity.events')).rows,
      ),
    );
    expect(everything).not.toContain(privateJwk.d);
    const otherSecret = authKeyRing(
      { ...secrets, AUTH_SECRET: 'another-secret-0123456789abcdef0123' },
      'jwt-private-key',
    );
    expect(open(otherSecret.current.key, sealed, jwtPrivateKeyAssociatedData(row.kid))).toBeNull();
    expect(open(sealKeys.current.key, sealed, jwtPrivateKeyAssociatedData('another-kid'))).toBeNull();
  });

  it('rotates once when the interval has elapsed, however many replicas ask, and says when it is due next', async () => {
    const [first] = await issuedKids();
    await new Promise((resolve) => setTimeout(resolve, ROTATION_SECONDS * 1000 + 100));
    const answers = await askedByAll();
    const kids = await issuedKids();
    expect(kids).toHaveLength(2);
    expect(kids[0]).toBe(first);
    const [answer] = answers;
    expect(answer.keys.map((key) => key.kid)).toEqual(kids);
    const newest = answer.keys.at(-1)!;
    expect(Date.parse(answer.rotatesAt!) - Date.parse(newest.signsFrom)).toBe(ROTATION_SECONDS * 1000);
  });
});
