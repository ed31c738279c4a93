import type { MailView } from '@authsvc/contracts';
import { inlineStylePagePolicy } from '../http/security-headers.js';

const MAILBOX_STYLE = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#57606a}
pre{white-space:pre-wrap;word-break:break-all}`;

/** Lets the page's own style sheet apply, and nothing else load or run. */
export const MAILBOX_PAGE_POLICY = inlineStylePagePolicy(MAILBOX_STYLE);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (character) => ENTITIES[character]);
const linkify = (text: string) => escape(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The development mailbox as a page: newest first, links clickable. */
export function renderMailboxPage(mails: readonly MailView[]): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escape(mail.subject)}</h2>
<p class="meta">To ${escape(mail.to)} · ${escape(mail.createdAt)} · ${mail.status}</p>
<pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><title>Development mailbox</title>
<style>${MAILBOX_STYLE}</style></head>
<body><h1>Development mailbox</h1><p>${mails.length} mail(s). JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
