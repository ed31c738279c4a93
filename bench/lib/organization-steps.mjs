// What the organization scenarios share: their calls to /api/auth/organization, sizes and connection counts.
import { randomUUID } from 'node:crypto';
import { send } from './http-client.mjs';

/** A cookie-authenticated POST must name the gateway's origin (BENCH_URL: the URL itself). */
let origin;
export const headers = (cookie) => ({ 'content-type': 'application/json', origin, cookie });
/** The origin the next calls name: the stack's, or BENCH_URL's. */
export function useOrigin(value) {
  origin = value;
}
export const API = '/api/auth/organization';
export const CHEAP_BCRYPT_COST = '4';
export const READ_CONNECTIONS = 50;
export const WRITE_CONNECTIONS = 20;
export const SMALL_MEMBERS = 100;
export const LARGE_MEMBERS = Number(process.env.BENCH_ORG_MEMBERS ?? 10_000);
export const SMALL_ORGANIZATIONS = 10;
export const LARGE_ORGANIZATIONS = 1000;
export const PAGE = 100;
export const INVITATIONS_PER_ORGANIZATION = 2;
/** Additions in flight: they all append to the one organization's stream. */
export const ADD_CONCURRENCY = 8;
export const round = (value, digits = 1) => Number(value.toFixed(digits));

export async function call(url, cookie, method, path, payload) {
  const query = method === 'GET' && payload ? `?${new URLSearchParams(payload)}` : '';
  const { status, text } = await send(`${url}${API}/${path}${query}`, {
    method,
    headers: headers(cookie),
    body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });
  return { status, body: text ? JSON.parse(text) : null };
}

export async function expectOk(url, cookie, method, path, payload) {
  const answer = await call(url, cookie, method, path, payload);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export const slug = (kind) => `bench-${kind}-${randomUUID().slice(0, 12)}`;
/** Seeding keeps the session's active organization: concurrent creates would all rewrite the one session. */
export const createOrganization = (url, cookie, kind, keepCurrentActiveOrganization = false) =>
  expectOk(url, cookie, 'POST', 'create', { name: `Bench ${kind}`, slug: slug(kind), keepCurrentActiveOrganization });
