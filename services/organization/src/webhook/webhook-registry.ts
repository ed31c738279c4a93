import { randomUUID } from 'node:crypto';
import type { WebhookView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { preparedQuery, type PersonalDataVault } from '@authsvc/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { organizationStreamId } from '../kernel/organization-stream.js';

interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
  events: string[];
  secret: Buffer;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, organization_id, url, events, secret, created_at, updated_at';

function toView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    events: row.events,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Where a webhook's secret is sealed: under a data key of its own, bound to the webhook. */
function secretPlace(id: string) {
  return { subject: `webhook-${id}`, place: { streamId: `webhook-${id}`, streamPosition: 0, type: 'WebhookSecret' } };
}

/**
 * The webhooks of organizations. Secrets are sealed like personal data (AES-256-GCM under a data key wrapped
 * by DATA_ENCRYPTION_KEY): a database dump alone does not sign deliveries; deleting a webhook erases its key.
 */
export class WebhookRegistry {
  constructor(
    private readonly dataSource: DataSource,
    private readonly vault: PersonalDataVault,
  ) {}

  async create(organizationId: string, url: string, events: string[], secret: string): Promise<WebhookView> {
    const id = randomUUID();
    const now = new Date();
    return this.dataSource.transaction(async (manager) => {
      const { subject, place } = secretPlace(id);
      const key = (await this.vault.keysFor(manager, [subject])).get(subject)!;
      // The events queued after its creation, and no older one: the organization's stream version now.
      const rows = await manager.query<WebhookRow[]>(
        `INSERT INTO organization.webhooks (${COLUMNS}, from_position)
         SELECT $1, $2, $3, $4, $5, $6, $6, coalesce(max(stream_position), 0) FROM organization.events
         WHERE stream_id = $7 RETURNING ${COLUMNS}`,
        [
          id,
          organizationId,
          url,
          events,
          this.vault.encrypt(key, secret, place),
          now,
          organizationStreamId(organizationId),
        ],
      );
      return toView(rows[0]!);
    });
  }

  async list(organizationId: string): Promise<WebhookView[]> {
    const rows = await preparedQuery<WebhookRow>(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM organization.webhooks WHERE organization_id = $1 ORDER BY created_at, id`,
      [organizationId],
    );
    return rows.map(toView);
  }

  /** The organization's webhook, or WEBHOOK_NOT_FOUND (also for another organization's: ids do not leak). */
  async get(organizationId: string, id: string): Promise<WebhookView> {
    return toView(await this.row(this.dataSource.manager, organizationId, id));
  }

  async update(organizationId: string, id: string, changes: { url?: string; events?: string[] }): Promise<WebhookView> {
    const current = await this.row(this.dataSource.manager, organizationId, id);
    // An UPDATE answers [rows, count] through TypeORM.
    const [rows] = await this.dataSource.query<[WebhookRow[], number]>(
      `UPDATE organization.webhooks SET url = $2, events = $3, updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, changes.url ?? current.url, changes.events ?? current.events, new Date()],
    );
    return toView(rows[0]!);
  }

  /** Deletes the webhook, its deliveries and its secret's key. */
  async delete(organizationId: string, id: string): Promise<WebhookView> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.row(manager, organizationId, id);
      await manager.query('DELETE FROM organization.webhooks WHERE id = $1', [id]);
      await this.vault.erase(manager, secretPlace(id).subject);
      return toView(row);
    });
  }

  /** A webhook's signing secret, for a delivery; null once the webhook (and its key) is gone. */
  async secret(manager: EntityManager, id: string, sealed: Buffer): Promise<string | null> {
    const { subject, place } = secretPlace(id);
    const keys = await this.vault.keysOf(manager, [subject]);
    const secret = this.vault.decrypt(keys, subject, sealed, place);
    return typeof secret === 'string' ? secret : null;
  }

  private async row(manager: EntityManager, organizationId: string, id: string): Promise<WebhookRow> {
    const rows = await manager.query<WebhookRow[]>(
      `SELECT ${COLUMNS} FROM organization.webhooks WHERE id::text = $1 AND organization_id = $2`,
      [id, organizationId],
    );
    if (!rows[0]) throw new DomainError(OrganizationErrors.WEBHOOK_NOT_FOUND);
    return rows[0];
  }
}
