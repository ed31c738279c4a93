import { renderErrorPage } from './error-page.js';

describe('error page', () => {
  it('shows the code HTML-escaped', () => {
    const page = renderErrorPage(`<img src=x onerror="alert('x')">&`);
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
    expect(page).not.toContain('<img');
  });

  it("defaults to 'Unknown' and links back to the application", () => {
    const page = renderErrorPage(undefined);
    expect(page).toContain('<code id="errorCode">Unknown</code>');
    expect(page).toContain('<a href="/" id="returnLink" class="btn">Return to Application</a>');
  });
});
