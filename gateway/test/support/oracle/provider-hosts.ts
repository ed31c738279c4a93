/** A real provider endpoint (a URL prefix) and the local stand-in's URL that answers in its place. */
export type HostRoute = readonly [real: string, local: string];

/** The URL with the first matching real prefix replaced by its local one; any other URL as it is. */
export function routedUrl(routes: readonly HostRoute[], url: string): string {
  const route = routes.find(([real]) => url.startsWith(real));
  return route === undefined ? url : `${route[1]}${url.slice(route[0].length)}`;
}

/**
 * Sends this process's `fetch` calls to the real providers' hosts to the local stand-ins instead, as the reference
 * profile says: better-auth 1.7 has Google's and GitHub's endpoints written in, while our identity service is told
 * them through `<ID>_*_ENDPOINT` (it runs in its own process, which this does not touch). Every other request goes
 * out unchanged. Returns the function that puts the original `fetch` back.
 */
export function routeProviderHosts(routes: readonly HostRoute[]): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    if (input instanceof Request) {
      const routed = routedUrl(routes, input.url);
      return original(routed === input.url ? input : new Request(routed, input), init);
    }
    return original(routedUrl(routes, String(input)), init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
