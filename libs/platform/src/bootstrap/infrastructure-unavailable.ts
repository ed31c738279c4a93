/** Hides the password of a connection URL before it is printed. */
export function redactUrl(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  return copy.toString();
}

const HOW_TO_START: Record<string, string> = {
  PostgreSQL: 'pg_ctlcluster <version> main start   (or: docker compose up -d postgres)',
  Redis: 'redis-server --daemonize yes --port 6379   (or: docker compose up -d redis)',
  NATS: 'nats-server -js -a 127.0.0.1 -p 4222 -sd /tmp/nats &   (or: docker compose up -d nats)',
};

/** A dependency that does not answer at start-up, or refuses the app's credential: the message says what to do. */
export class InfrastructureUnavailable extends Error {
  constructor(kind: 'PostgreSQL' | 'Redis' | 'NATS', url: URL | readonly URL[], cause: unknown) {
    const reason = (cause as Error)?.message ?? String(cause);
    const where = (url instanceof URL ? [url] : url).map(redactUrl).join(', ');
    super(
      (cause as Error)?.name === 'AuthorizationError'
        ? `${kind} at ${where} refuses this app's credential (${reason}).\n` +
            "  Set NATS_NKEY_SEED to the app's seed, whose public key nats-server lists (README: NATS authorization)"
        : `${kind} does not answer at ${where} (${reason}).\n  Start it, for example: ${HOW_TO_START[kind]}`,
    );
    this.name = 'InfrastructureUnavailable';
  }
}

/** Runs `attempt`, turning its failure into an InfrastructureUnavailable for `kind` at `url`. */
export async function reach<T>(
  kind: 'PostgreSQL' | 'Redis' | 'NATS',
  url: URL | readonly URL[],
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    throw new InfrastructureUnavailable(kind, url, error);
  }
}
