// The server build of one Nx project (its `build` target): every TypeScript file under the given folders, tests
// excluded, to JavaScript under dist/server/<same path>, file by file with swc, the compiler the jest tests run
// the same sources through (decorator metadata included, which Nest's injection reads). Types are checked by the
// `typecheck` targets. A lib's build needs no other lib: the built apps resolve `@lt/<lib>` to
// dist/server/libs/<lib> at run time (tsconfig.runtime.json), so a change rebuilds only its own project.
//   node scripts/transpile.mjs libs/rooms/src
//   node scripts/transpile.mjs tests/bench tests/support
import { transformFile } from '@swc/core';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist', 'server');
const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
};
const isTest = (path) => /\.(spec|integration-spec|e2e-spec)\.ts$/.test(path) || /\/src\/test\//.test(path);

function sources(folder) {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !isTest(`/${path}`));
}

async function emit(source) {
  const target = join(out, source.replace(/\.ts$/, '.js'));
  const { code, map } = await transformFile(join(root, source), {
    ...OPTIONS,
    filename: join(root, source),
    sourceFileName: relative(dirname(target), join(root, source)),
  });
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
  writeFileSync(`${target}.map`, map);
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: node scripts/transpile.mjs <folder>...');
  process.exit(2);
}
let count = 0;
for (const folder of folders) {
  rmSync(join(out, folder), { recursive: true, force: true });
  const files = sources(folder);
  await Promise.all(files.map(emit));
  count += files.length;
}
console.log(`${folders.join(', ')}: ${count} files to ${relative(root, out)}`);
