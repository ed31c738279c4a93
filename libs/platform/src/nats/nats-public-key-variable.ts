/** The environment variable of nats-server that holds `user`'s public nkey. */
export function natsPublicKeyVariable(user: string): string {
  return `AUTHSVC_${user.toUpperCase()}_NKEY`;
}
