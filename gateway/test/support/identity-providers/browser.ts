/**
 * Cookies of one browser, by name. Paths and domains are ignored: one jar serves one provider's origin for one
 * sign-in, and a later cookie of the same name replaces the earlier one as it would in the page that follows.
 */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(setCookies: readonly string[]): void {
    for (const setCookie of setCookies) {
      const [pair, ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, attributeValue = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** How a provider's sign-in pages look to the browser: which URLs show a form, and what the user types into it. */
export interface SignInPages {
  /** The provider's origin: the first redirect away from it is the answer to the client. */
  readonly origin: string;
  readonly isFormPage: (url: URL) => boolean;
  readonly form: Record<string, string>;
}

const MAX_HOPS = 10;

/** A page that posts a form to the client at once (OAuth's `form_post` response mode, Apple's): where and what. */
export interface FormPost {
  readonly action: URL;
  readonly fields: Record<string, string>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string): string => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/** The auto-submitting form of a `form_post` page whose action leaves the provider, if the page is one. */
function formPostOf(html: string, page: URL, origin: string): FormPost | undefined {
  const form = /<form method="post" action="([^"]+)">/.exec(html);
  if (form === null) return undefined;
  const action = new URL(unescapeHtml(form[1]), page);
  if (action.origin === origin) return undefined;
  const inputs = html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g);
  return { action, fields: Object.fromEntries([...inputs].map(([, name, value]) => [name, unescapeHtml(value)])) };
}

/**
 * Follows an authorization URL as a fresh browser would: redirects within the provider with its cookies kept,
 * each sign-in or consent page answered by submitting its form, until the provider sends the browser to the
 * client: by a redirect (resolved to its URL, not followed) or by a `form_post` page (its form, not submitted).
 * A provider page that does neither and asks for no input (an error page) rejects with its status and text.
 */
async function follow(authorizationUrl: string, pages: SignInPages): Promise<URL | FormPost> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    // Submitting the form directly stands for loading the page and pressing its button: the page is a plain form.
    const submit = pages.isFormPage(url);
    const response = await fetch(url, {
      method: submit ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(submit ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: submit ? new URLSearchParams(pages.form).toString() : undefined,
    });
    jar.keep(response.headers.getSetCookie());
    const location = response.headers.get('location');
    const text = await response.text();
    const formPost = response.status === 200 ? formPostOf(text, url, pages.origin) : undefined;
    if (formPost !== undefined) return formPost;
    if (response.status < 300 || response.status >= 400 || location === null) {
      throw new Error(`${url.pathname} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    const next = new URL(location, url);
    if (next.origin !== pages.origin) return next;
    url = next;
  }
  throw new Error(`no redirect away from ${pages.origin} after ${MAX_HOPS} hops`);
}

/** `follow` for a provider that redirects back to the client (the query response mode). */
export async function followAsBrowser(authorizationUrl: string, pages: SignInPages): Promise<URL> {
  const answer = await follow(authorizationUrl, pages);
  if (answer instanceof URL) return answer;
  throw new Error(`a form_post to ${answer.action.href} where a redirect was expected`);
}

/** `follow` for a provider that posts its answer to the client (`response_mode=form_post`). */
export async function followToFormPost(authorizationUrl: string, pages: SignInPages): Promise<FormPost> {
  const answer = await follow(authorizationUrl, pages);
  if (!(answer instanceof URL)) return answer;
  throw new Error(`a redirect to ${answer.href} where a form_post was expected`);
}
