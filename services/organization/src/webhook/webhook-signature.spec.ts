import { createHmac } from 'node:crypto';
import { newWebhookSecret, webhookHeaders, webhookSignature } from './webhook-signature.js';

describe('webhook signatures (Standard Webhooks)', () => {
  it("signs '{id}.{timestamp}.{body}' with the base64-decoded secret, as the specification's example", () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(webhookSignature(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('changes with any of id, timestamp and body', () => {
    const secret = newWebhookSecret();
    const signed = webhookSignature(secret, 'id', 1, 'body');
    expect(webhookSignature(secret, 'id2', 1, 'body')).not.toBe(signed);
    expect(webhookSignature(secret, 'id', 2, 'body')).not.toBe(signed);
    expect(webhookSignature(secret, 'id', 1, 'body2')).not.toBe(signed);
  });

  it('makes secrets of 24 random bytes, whsec_-prefixed', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('sends the id, the timestamp in seconds and the signature of the body as headers', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(secret, 'delivery-1', 1700000000, '{"a":1}');
    const key = Buffer.from(secret.slice(6), 'base64');
    const mac = createHmac('sha256', key).update('delivery-1.1700000000.{"a":1}').digest('base64');
    expect(headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'delivery-1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': `v1,${mac}`,
    });
  });
});
