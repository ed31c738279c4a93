import { useQuery } from '@tanstack/react-query';

/** What the gateway tells the web client about itself (GET /client-config.json, see gateway/src/web). */
interface WebClientConfig {
  /** Whether the development mailbox (/dev/mailbox) is on. */
  devMailbox: boolean;
  /** The ids of the configured social providers. */
  socialProviders: string[];
}

async function fetchWebConfig(): Promise<WebClientConfig> {
  const response = await fetch('/client-config.json');
  if (!response.ok) throw new Error(`client-config.json answered ${response.status}`);
  return (await response.json()) as WebClientConfig;
}

export function useWebConfig() {
  return useQuery({ queryKey: ['client-config'], queryFn: fetchWebConfig, staleTime: Infinity });
}
