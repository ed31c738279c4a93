import { isDeepStrictEqual } from 'node:util';
import { ACCOUNT_SURFACE_IGNORED_KEYS } from '../../differential-account.allowed.js';
import { eventually } from '../eventually.js';
import { uniqueEmail } from '../http.js';
import type { Answer, Difference, Pair, SideName } from './pair.js';

const PASSWORD = 'correct-horse-1';
const SIDES: readonly SideName[] = ['ours', 'reference'];
/**
 * Fields whose values differ between any two runs (dates, tokens), masked where values are compared; every other
 * string a client reads (roles, statuses, names, slugs, addresses, metadata) is compared as it is.
 */
const MASKED_KEYS = new Set(['createdAt', 'updatedAt', 'expiresAt', 'token', 'image', 'logo']);
const ID_KEY = /^(id|.*Id)$/;

export type Json = Record<string, unknown>;

/**
 * A cookie re-issued for a session (set-active, set-active-team, accept-invitation) lives as long as the session
 * still does with us, the full session lifetime with 1.7: the seconds since sign-in are no difference a client sees.
 */
export function onlyCookieLifetime({ aspect, ours, reference }: Difference): boolean {
  const lifetime = (cookies: unknown) => JSON.stringify(cookies).replace(/Max-Age=60\d{4}/g, 'Max-Age=<lifetime>');
  return aspect === 'cookies' && lifetime(ours) === lifetime(reference);
}

/**
 * The organization surface's differential steps: each side has its own ids, so a request names an id as `$name`
 * and each side sends its own; answers are compared by shape and, for what a client reads (roles, statuses, which
 * organization/team/member an id is), by value with ids named. Its steps are properties, to be destructured.
 */
export class OrganizationOracle {
  private readonly ids: Record<SideName, Map<string, string>> = { ours: new Map(), reference: new Map() };
  private readonly emails = new Map<string, string>();

  constructor(private readonly pair: () => Pair) {}

  readonly signUp = async (actor: string): Promise<void> => {
    const email = uniqueEmail(`org-${actor}`);
    this.emails.set(actor, email);
    const answers = await this.pair().send('setup: sign-up', {
      path: '/api/auth/sign-up/email',
      json: { email, password: PASSWORD, name: actor },
      as: actor,
    });
    this.keep(`user:${actor}`, answers, (json) => (json.user as Json).id);
  };

  readonly fill = (side: SideName, value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$([\w:-]+)/g, (_, name: string) => {
        if (name.startsWith('email:')) return this.emails.get(name.slice(6))!;
        const id = this.ids[side].get(name);
        if (id === undefined) throw new Error(`no ${name} on ${side}`);
        return id;
      });
    }
    if (Array.isArray(value)) return value.map((item) => this.fill(side, item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.fill(side, item)]));
    }
    return value;
  };

  readonly keep = (name: string, answers: Record<SideName, Answer>, pick: (json: Json) => unknown): void => {
    for (const side of SIDES) {
      const id = answers[side].json && pick(answers[side].json as Json);
      if (typeof id === 'string') this.ids[side].set(name, id);
    }
  };

  /** The answer's values with each known id replaced by its name, unknown ids and dates masked. */
  readonly valuesOf = (side: SideName, value: unknown, key = ''): unknown => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string') {
      const named = [...this.ids[side]].find(([, id]) => id === value)?.[0];
      if (named) return `<${named}>`;
      if (MASKED_KEYS.has(key)) return `<${key}>`;
      return ID_KEY.test(key) ? '<unknown id>' : value;
    }
    if (Array.isArray(value)) return value.map((item) => this.valuesOf(side, item, key));
    if (typeof value === 'object') {
      const entries = Object.entries(value as Json)
        .filter(([name, item]) => item != null && !ACCOUNT_SURFACE_IGNORED_KEYS.has(name))
        .sort(([a], [b]) => a.localeCompare(b));
      return Object.fromEntries(entries.map(([name, item]) => [name, this.valuesOf(side, item, name)]));
    }
    return value;
  };

  /** Sends to both sides (GET without a body) and compares shapes, then the values of a successful answer. */
  readonly step = async (label: string, as: string | undefined, path: string, json?: unknown) => {
    const answers = await this.pair().send(label, (side) => ({
      path: `/api/auth/${this.fill(side.name, path) as string}`,
      json: json === undefined ? undefined : this.fill(side.name, json),
      as,
    }));
    if (answers.ours.shape.status === 200 && answers.reference.shape.status === 200) {
      const ours = this.valuesOf('ours', answers.ours.json);
      const reference = this.valuesOf('reference', answers.reference.json);
      if (!isDeepStrictEqual(ours, reference)) {
        this.pair().differences.push({ label, aspect: 'values', ours, reference } satisfies Difference);
      }
    }
    return answers;
  };

  /** What a client sees of the session: which organization and team are active. */
  readonly sessionAfter = async (label: string, actor: string): Promise<void> => {
    const answers = await this.pair().send(`${label}: get-session`, { path: '/api/auth/get-session', as: actor });
    const active = (side: SideName) => {
      const session = ((answers[side].json as Json | null)?.session ?? {}) as Json;
      return this.valuesOf(side, { org: session.activeOrganizationId, team: session.activeTeamId });
    };
    if (!isDeepStrictEqual(active('ours'), active('reference'))) {
      this.pair().differences.push({
        label: `${label}: get-session`,
        aspect: 'values',
        ours: active('ours'),
        reference: active('reference'),
      });
    }
  };

  /**
   * A removed member's sessions lose the organization when the session service has the MemberRemoved event, a
   * moment after remove-member answers.
   */
  readonly activeOrganizationClearedOnOurSide = async (actor: string): Promise<void> => {
    const name = 'better-auth.session_token';
    const cookie = `${name}=${this.pair().cookie(this.pair().ours, actor, name)}`;
    await eventually(
      async () => {
        const response = await fetch(`${this.pair().ours.baseUrl}/api/auth/get-session`, { headers: { cookie } });
        const { session } = (await response.json()) as { session: Json };
        return session.activeOrganizationId == null ? true : undefined;
      },
      { timeoutMs: 10_000, what: `${actor}'s session to lose the organization` },
    );
  };
}
