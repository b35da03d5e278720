// Resolves the workspace's `@lt/<lib>` imports to the compiled libraries under dist/server.
const Module = require('node:module');
const path = require('node:path');

const root = path.resolve(__dirname, '..', 'dist', 'server', 'libs');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request.startsWith('@lt/')) {
    return resolve.call(this, path.join(root, request.slice(4), 'src', 'index.js'), ...rest);
  }
  return resolve.call(this, request, ...rest);
};
