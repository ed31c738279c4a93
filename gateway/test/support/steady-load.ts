import { sleep } from './eventually.js';
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
  /** A member of the organization whose role `change-role` changes back and forth. */
  readonly memberId?: string;
}

/**
 * What a load client does, in turn: session reads, organization writes (invitations, a member's role), sign-ins and
 * sign-ups (identity writes).
 */
export type LoadOperation = 'get-session' | 'invite' | 'change-role' | 'sign-in' | 'sign-up';

/** A request that failed: what, the answer or error, and when it was sent and answered (performance.now()). */
export interface LoadFailure {
  readonly operation: LoadOperation;
  readonly error: string;
  readonly sentAt: number;
  readonly answeredAt: number;
}

export interface LoadReport {
  readonly requests: number;
  readonly failures: readonly LoadFailure[];
  /** The addresses of the invitations the gateway answered as made. */
  readonly invited: readonly string[];
  /** The addresses of the users the gateway answered as signed up. */
  readonly signedUp: readonly string[];
}

/** One line per failure, for a test's output. */
export const describeFailure = ({ operation, error }: LoadFailure) => `${operation}: ${error}`;

/**
 * A steady load of what users do most, from a few concurrent clients, each waiting for its answer before the next
 * request: get-session, an invitation to the organization (a write on one stream shared by every client), a
 * sign-in (identity, then a new session) and, when asked, a sign-up (a new user, then a session). Runs until
 * stopped; every answer other than 200 is a failure.
 */
export class SteadyLoad {
  private running = true;
  private requests = 0;
  private readonly failures: LoadFailure[] = [];
  private readonly invited: string[] = [];
  private readonly signedUp: string[] = [];
  private roleChanges = 0;
  private readonly workers: Promise<void>[];

  constructor(
    private readonly baseUrl: string,
    private readonly user: LoadUser,
    clients = 3,
    private readonly operations: readonly LoadOperation[] = ['get-session', 'invite', 'sign-in'],
    /** How long each client waits between two requests (none: it sends the next at once). */
    private readonly pauseMs = 0,
  ) {
    this.workers = Array.from({ length: clients }, (_, client) => this.work(client));
  }

  async stop(): Promise<LoadReport> {
    this.running = false;
    await Promise.all(this.workers);
    return { requests: this.requests, failures: this.failures, invited: this.invited, signedUp: this.signedUp };
  }

  private async work(client: number): Promise<void> {
    for (let step = client; this.running; step++) {
      const operation = this.operations[step % this.operations.length];
      this.requests += 1;
      const sentAt = performance.now();
      try {
        await this.perform(operation);
      } catch (error) {
        this.failures.push({ operation, error: (error as Error).message, sentAt, answeredAt: performance.now() });
      }
      if (this.pauseMs > 0) await sleep(this.pauseMs);
    }
  }

  private perform(operation: LoadOperation): Promise<void> {
    switch (operation) {
      case 'get-session':
        return this.getSession();
      case 'invite':
        return this.invite();
      case 'sign-in':
        return this.signIn();
      case 'sign-up':
        return this.signUp();
      case 'change-role':
        return this.changeRole();
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

  private async changeRole(): Promise<void> {
    const role = this.roleChanges++ % 2 === 0 ? 'admin' : 'member';
    const { organizationId, memberId } = this.user;
    await this.send('POST', '/organization/update-member-role', { memberId, role, organizationId });
  }

  private async signUp(): Promise<void> {
    const email = uniqueEmail('signup');
    await this.send('POST', '/sign-up/email', { name: 'Load', email, password: this.user.password });
    this.signedUp.push(email);
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
