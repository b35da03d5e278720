// The pages of the local OpenID Connect provider (oidc-server.mjs): its login form, and the answers keycloak-js's
// checks of third-party cookies and of the login status expect.

export const html = (value) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{margin:1rem 0}
input{display:block;width:100%;margin:.25rem 0 .75rem;padding:.4rem}button{padding:.5rem 1rem}</style></head>
<body>${body}</body></html>`;
}

/** The login page of one interaction: 'Sign in as Ana', any e-mail and name, or cancel. */
export function loginPage({ uid, realm, clientId, hint, via, prompt }) {
  return page(
    'Sign in',
    `<h1>Sign in with ${html(via)}</h1>
<p>Local test provider for realm <code>${html(realm)}</code>, client <code>${html(clientId)}</code>,
identity provider hint: <strong data-testid="idp-hint">${html(hint || 'none')}</strong> (prompt: ${html(prompt)}).</p>
<form method="post" action="/interaction/${html(uid)}/login">
  <input type="hidden" name="email" value="ana@example.com"><input type="hidden" name="name" value="Ana Social">
  <button type="submit" data-testid="oidc-sign-in-ana">Sign in as Ana</button>
</form>
<form method="post" action="/interaction/${html(uid)}/login">
  <label>E-mail <input name="email" type="email" required data-testid="oidc-email"></label>
  <label>Name <input name="name" data-testid="oidc-name"></label>
  <button type="submit" data-testid="oidc-sign-in">Sign in</button>
</form>
<form method="post" action="/interaction/${html(uid)}/abort"><button type="submit" data-testid="oidc-cancel">Cancel</button></form>`,
  );
}

// keycloak-js checks third-party cookies through this page before using its session iframe; saying 'unsupported'
// makes it skip the iframe, as it does in browsers that block third-party cookies.
export const thirdPartyCookiesPage = `<!doctype html><script>parent.postMessage('unsupported', '*')</script>`;
export const loginStatusPage = `<!doctype html><script>addEventListener('message', (e) => e.source.postMessage('unchanged', e.origin))</script>`;
