import { request, uniqueEmail } from './http.js';

/** Who the load acts as: a signed-in owner of an organization, and where the browser's requests come from. */
export interface LoadUser {
  readonly email: string;
  readonly password: string;
  readonly cookie: string;
  readonly organizationId: string;
  readonly ip: string;
  /** The `Origin` the gateway trusts (BASE_URL's). */
  readonly origin: string;
}

export interface LoadReport {
  readonly requests: number;
  /** Each failed request: what, and the answer or error. */
  readonly failures: readonly string[];
  /** The addresses of the invitations the gateway answered as made. */
  readonly invited: readonly string[];
}

/**
 * A steady load of what users do most, from a few concurrent clients, each waiting for its answer before the next
 * request: get-session, an invitation to the organization (a write on one stream shared by every client), and a
 * sign-in (identity, then a new session). Runs until stopped; every answer other than 200 is a failure.
 */
export class SteadyLoad {
  private running = true;
  private requests = 0;
  private readonly failures: string[] = [];
  private readonly invited: string[] = [];
  private readonly workers: Promise<void>[];

  constructor(
    private readonly baseUrl: string,
    private readonly user: LoadUser,
    clients = 3,
  ) {
    this.workers = Array.from({ length: clients }, (_, client) => this.work(client));
  }

  async stop(): Promise<LoadReport> {
    this.running = false;
    await Promise.all(this.workers);
    return { requests: this.requests, failures: this.failures, invited: this.invited };
  }

  private async work(client: number): Promise<void> {
    for (let step = client; this.running; step++) {
      const operation = (['get-session', 'invite', 'sign-in'] as const)[step % 3];
      this.requests += 1;
      try {
        await this[operation === 'get-session' ? 'getSession' : operation === 'invite' ? 'invite' : 'signIn']();
      } catch (error) {
        this.failures.push(`${operation}: ${(error as Error).message}`);
      }
    }
  }

  private async getSession(): Promise<void> {
    const answer = await this.send<{ session?: unknown } | null>('GET', '/get-session');
    if (!answer?.session) throw new Error('no session');
  }

  private async invite(): Promise<void> {
    const email = uniqueEmail('load');
    await this.send('POST', '/organization/invite-member', {
      email,
      role: 'member',
      organizationId: this.user.organizationId,
    });
    this.invited.push(email);
  }

  private async signIn(): Promise<void> {
    await this.send('POST', '/sign-in/email', { email: this.user.email, password: this.user.password });
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await request<T>(`${this.baseUrl}/api/auth${path}`, {
      method,
      headers: {
        cookie: this.user.cookie,
        origin: this.user.origin,
        'x-forwarded-for': this.user.ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}
