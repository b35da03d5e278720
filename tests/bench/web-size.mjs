// The JavaScript the viewer page (/view/{roomId}) loads before it can render, gzipped, from the built web app
// (dist/web, `npm run build:web`): the entry script, its modulepreloads and everything they import statically,
// plus the viewer page's own chunk should the router ever load it lazily. Fails above the budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const ROUTE_PAGE = 'ViewerRoomPage';
const dist = join(import.meta.dirname, '..', '..', 'dist', 'web');

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`npm run build:web\` first.`);
  process.exit(2);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const fromHtml = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1].replace(/^\//, ''));

const routeChunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.startsWith(`${ROUTE_PAGE}-`) && name.endsWith('.js'))
  .map((name) => `assets/${name}`);

/** Static imports only (`import … from "./x.js"`, `import "./x.js"`): dynamic `import()` loads later. */
function staticImports(file, code) {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((match) =>
    new URL(match[1], `http://x/${dir}`).pathname.slice(1),
  );
}

const seen = new Map();
const queue = [...fromHtml, ...routeChunks];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  const code = readFileSync(join(dist, file));
  seen.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  queue.push(...staticImports(file, code.toString('utf8')));
}

const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(9);
let total = 0;
console.log(`Initial JavaScript of /view/{roomId} (${dist})\n`);
console.log(`${'chunk'.padEnd(48)} ${'raw kB'.padStart(9)} ${'gzip kB'.padStart(9)}`);
for (const [file, size] of [...seen].sort((a, b) => b[1].gzip - a[1].gzip)) {
  total += size.gzip;
  console.log(`${file.padEnd(48)} ${kb(size.raw)} ${kb(size.gzip)}`);
}
console.log(`${'total'.padEnd(48)} ${''.padStart(9)} ${kb(total)}   (budget ${BUDGET_KB} kB)`);
if (total > BUDGET_KB * 1000) {
  console.error(`\nThe viewer page's initial JavaScript is ${(total / 1000).toFixed(2)} kB gzip, over the ${BUDGET_KB} kB budget.`);
  process.exit(1);
}
