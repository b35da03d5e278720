import { dirname } from 'node:path';

/** Where the docs page and its files are served; the CSP allows what Swagger UI needs on these paths only. */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCUMENT_PATH = '/api/docs.json';
const ASSETS = `${API_DOCS_PATH}/assets`;

/**
 * The page loads everything from files of its own, so it runs under the strict CSP with no inline script
 * or style: Swagger UI's stylesheet and bundle from swagger-ui-dist, and the initializer below.
 */
export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Live translation rooms API</title>
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS}/api-docs.js"></script>
  </body>
</html>
`;

/** No validator badge: it would send the document to validator.swagger.io. */
export const API_DOCS_INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_DOCUMENT_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** The files of swagger-ui-dist the page uses; nothing else of that folder is served. */
export const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// package.json, not the package's main file, which would load the whole bundle into the server.
export const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
