/** Answer of every health endpoint: overall status and one line per dependency. */
export interface HealthReport {
  readonly status: 'ok' | 'unavailable';
  readonly service: string;
  readonly checks: Record<string, 'up' | 'down'>;
}
