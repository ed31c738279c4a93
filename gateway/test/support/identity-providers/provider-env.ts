/**
 * The engine's settings for one provider: each name prefixed with the upper-case provider id, as the gateway reads
 * them (`GOOGLE_CLIENT_ID`, `ACME_ISSUER`, …).
 */
export function providerEnv(prefix: string, settings: Record<string, string>): Record<string, string> {
  const id = prefix.toUpperCase();
  return Object.fromEntries(Object.entries(settings).map(([name, value]) => [`${id}_${name}`, value]));
}
