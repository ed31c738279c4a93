// A light HTTP client for the bench's own request loops: node:http over kept-alive sockets. fetch (undici) cost
// the load generator about 2 ms of CPU per request, on the two cores the stack under test runs on.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** Sends one request; its status, headers (node:http's: lower-case names, `set-cookie` an array) and body text. */
export function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
