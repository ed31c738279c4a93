import { escapeHtml } from './escape-html.js';
import type { RenderedMail } from './rendered-mail.js';

export function verificationMail(input: { email: string; name: string; url: string; expiresAt: string }): RenderedMail {
  const expires = new Date(input.expiresAt).toUTCString();
  const text = [
    `Hello ${input.name},`,
    '',
    'Please confirm your email address by opening this link:',
    input.url,
    '',
    `The link is valid until ${expires}. If you did not create an account, you can ignore this mail.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escapeHtml(input.name)},</p>
<p>Please confirm your email address:</p>
<p><a href="${escapeHtml(input.url)}">Verify my email address</a></p>
<p style="color:#555">Or copy this link: ${escapeHtml(input.url)}</p>
<p style="color:#555">The link is valid until ${escapeHtml(expires)}. If you did not create an account, you can ignore this mail.</p>
</body></html>`;
  return { to: input.email, subject: 'Verify your email address', text, html };
}
