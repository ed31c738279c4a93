import * as oauth from 'oauth4webapi';
import type { FetchBody } from '../provider-descriptor.js';
import { PROVIDER_REQUEST_HEADERS, requestOptions } from './provider-server.js';

const bodyOf = (body: FetchBody | undefined): { body?: string | URLSearchParams; type?: string } => {
  if (body === undefined) return {};
  if ('form' in body) return { body: new URLSearchParams(body.form) };
  return { body: JSON.stringify(body.json), type: 'application/json' };
};

/**
 * `fetchJson` of the profile sources: a bearer request with the access token (oauth4webapi's protected resource
 * request), the JSON answer, or `undefined` for any error, redirect or non-JSON answer.
 */
export const providerFetch =
  (accessToken: string) =>
  async (url: string, headers: Readonly<Record<string, string>> = {}, body?: FetchBody): Promise<unknown> => {
    const { body: payload, type } = bodyOf(body);
    const requestHeaders = new Headers({ accept: 'application/json', ...PROVIDER_REQUEST_HEADERS, ...headers });
    if (type !== undefined) requestHeaders.set('content-type', type);
    try {
      const method = body === undefined ? 'GET' : 'POST';
      const response = await oauth.protectedResourceRequest(
        accessToken,
        method,
        new URL(url),
        requestHeaders,
        payload,
        requestOptions(url),
      );
      if (!response.ok) return undefined;
      return (await response.json()) as unknown;
    } catch {
      return undefined;
    }
  };
