/**
 * Swagger UI as Docent serves it (the API's own reference at /api/docs and a hosted API doc set's
 * viewer) brought to WCAG 2 AA, as every other screen is (docs/decisions.md, "Swagger UI themed
 * for WCAG AA"). Each selector starts at `body`: the hosted viewer loads swagger-ui.css after these
 * rules. Swagger UI 5 out of the box fails axe: white on its light method colours and
 * version badges, an unnamed dark-mode button and servers list, a logo without text, and a link
 * inside each operation's toggle button (deep linking). What cannot be styled is labelled by a
 * small script that runs again whenever Swagger UI redraws; syntax highlighting (its theme's reds
 * on dark grey read at 3.5:1) is off.
 */
export const SWAGGER_A11Y_CSS = `
body .swagger-ui .topbar{display:none}
body .swagger-ui .opblock .opblock-summary-method{color:#000;text-shadow:none}
body .swagger-ui .info .title small{background:#4a4f58}
body .swagger-ui .info .title small.version-stamp{background:#2f6b00}
body .swagger-ui .info .title small pre{color:#fff}
body .swagger-ui .info a.url,body .swagger-ui .info .link{color:#1d5aa8}
body .swagger-ui .btn.authorize{color:#11693f;border-color:#11693f}
body .swagger-ui .btn.authorize svg{fill:#11693f}
html.dark-mode body .swagger-ui .info a.url,html.dark-mode body .swagger-ui .info .link{color:#8ab4f8}
html.dark-mode body .swagger-ui .btn.authorize{color:#5fd69b;border-color:#5fd69b}
html.dark-mode body .swagger-ui .btn.authorize svg{fill:#5fd69b}
`;

export const SWAGGER_A11Y_JS = `(function () {
  function label() {
    var toggle = document.querySelector('.dark-mode-toggle button');
    if (toggle && !toggle.getAttribute('aria-label')) toggle.setAttribute('aria-label', 'Dark mode');
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    // code samples scroll sideways: a keyboard user must be able to reach them
    var blocks = document.querySelectorAll('.swagger-ui .highlight-code pre, .swagger-ui pre.microlight');
    for (var i = 0; i < blocks.length; i++) if (!blocks[i].hasAttribute('tabindex')) blocks[i].setAttribute('tabindex', '0');
  }
  new MutationObserver(label).observe(document.documentElement, { childList: true, subtree: true });
  label();
})();
`;
