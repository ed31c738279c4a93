import type { HealthCheck } from './health-server.js';

/** What readiness asks of the application a process serves, beside the process's own connections. */
export interface ServedApplication {
  /** Resolves while the application's subscriptions are with the NATS server (its connection answers). */
  subscribed(): Promise<unknown>;
  /** Resolves while every JetStream consumer the application declares is bound to its stream. */
  consumersBound(): Promise<unknown>;
}

const notServing = () => Promise.reject(new Error('the application does not serve yet'));

/**
 * The readiness of what a process serves: down until its application has subscribed its subjects and bound its
 * JetStream consumers, so that nothing (a Kubernetes Service, a test stack) sends it requests nobody answers yet,
 * and down again from the moment it drains (`accepting`).
 */
export class ApplicationReadiness {
  private application?: ServedApplication;
  private draining = false;

  /** The application answers from now on: readiness follows its subscriptions and consumers. */
  serve(application: ServedApplication): void {
    this.application = application;
  }

  /** The process is shutting down: down from now on, so that nothing sends it new work. */
  drain(): void {
    this.draining = true;
  }

  checks(): HealthCheck[] {
    return [
      ['subscriptions', () => this.application?.subscribed() ?? notServing()],
      ['consumers', () => this.application?.consumersBound() ?? notServing()],
      ['accepting', () => (this.draining ? Promise.reject(new Error('draining')) : Promise.resolve())],
    ];
  }
}
