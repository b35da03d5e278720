import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as acorn from 'acorn';

/**
 * k6 cannot run here, and eslint does not read .js: this is what keeps a typo in a k6 script from reaching the
 * SRE who runs it. Every script must parse as an ES module and import only k6 modules or files that exist and
 * export what is imported; and each scenario must export `options` with the thresholds and a default function
 * (the pure helpers all scenarios count with run in k6-helpers.spec.ts).
 */
const DIR = __dirname;
const K6_MODULE = /^k6(\/|$)/;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

const parsed = new Map<string, acorn.Program>();
function parse(path: string): acorn.Program {
  let ast = parsed.get(path);
  if (!ast) {
    ast = acorn.parse(readFileSync(path, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module' });
    parsed.set(path, ast);
  }
  return ast;
}

const nameOf = (node: acorn.Identifier | acorn.Literal | acorn.Expression | acorn.Pattern): string =>
  node.type === 'Identifier' ? node.name : node.type === 'Literal' ? String(node.value) : '';

function imports(ast: acorn.Program): { source: string; names: string[] }[] {
  return ast.body
    .filter((n): n is acorn.ImportDeclaration => n.type === 'ImportDeclaration')
    .map((n) => ({
      source: String(n.source.value),
      names: n.specifiers.filter((s): s is acorn.ImportSpecifier => s.type === 'ImportSpecifier').map((s) => nameOf(s.imported)),
    }));
}

function exportedNames(ast: acorn.Program): Set<string> {
  const names = new Set<string>();
  for (const n of ast.body) {
    if (n.type !== 'ExportNamedDeclaration') continue;
    if (n.declaration?.type === 'VariableDeclaration') n.declaration.declarations.forEach((d) => names.add(nameOf(d.id)));
    else if (n.declaration) names.add(nameOf(n.declaration.id));
    n.specifiers.forEach((s) => names.add(nameOf(s.exported)));
  }
  return names;
}

/** The literal value of a JSON-like expression (objects, arrays, strings, numbers), or undefined. */
function literal(node: acorn.Expression | acorn.SpreadElement | null | undefined): unknown {
  if (!node) return undefined;
  if (node.type === 'Literal') return node.value;
  if (node.type === 'ArrayExpression') return node.elements.map((e) => literal(e));
  if (node.type === 'ObjectExpression') {
    return Object.fromEntries(
      node.properties.filter((p): p is acorn.Property => p.type === 'Property').map((p) => [nameOf(p.key), literal(p.value)]),
    );
  }
  return undefined;
}

function exportedOptions(ast: acorn.Program): acorn.Expression | null | undefined {
  for (const n of ast.body) {
    if (n.type !== 'ExportNamedDeclaration' || n.declaration?.type !== 'VariableDeclaration') continue;
    const options = n.declaration.declarations.find((d) => nameOf(d.id) === 'options');
    if (options) return options.init;
  }
  return undefined;
}

const files = jsFiles(DIR);
const scenarios = files.filter((f) => dirname(f) === DIR);

describe('k6 scripts', () => {
  it('has the three scenarios and their shared lib', () => {
    expect(scenarios.map((f) => relative(DIR, f)).sort()).toEqual(['audience-soak.js', 'churn.js', 'summary-storm.js']);
    expect(files.length).toBeGreaterThan(scenarios.length);
  });

  it.each(files.map((f) => [relative(DIR, f), f]))(
    '%s parses as an ES module and imports only k6 or files that export the names',
    (_name, file) => {
      const ast = parse(file);
      for (const { source, names } of imports(ast)) {
        if (K6_MODULE.test(source)) continue;
        expect(source).toMatch(/^\.\.?\/.+\.js$/);
        const target = resolve(dirname(file), source);
        expect(existsSync(target)).toBe(true);
        expect(relative(DIR, target).startsWith('..')).toBe(false);
        const exported = exportedNames(parse(target));
        for (const name of names) expect({ source, name, exported: exported.has(name) }).toEqual({ source, name, exported: true });
      }
    },
  );

  it.each(scenarios.map((f) => [relative(DIR, f), f]))(
    '%s imports k6 or ./lib only, exports options with the thresholds and a default function',
    (_name, file) => {
      const ast = parse(file);
      for (const { source } of imports(ast)) expect(K6_MODULE.test(source) || source.startsWith('./lib/')).toBe(true);
      const options = literal(exportedOptions(ast)) as { thresholds?: Record<string, string[]> } | undefined;
      expect(options?.thresholds).toMatchObject({ caption_delay_ms: ['p(95)<500', 'p(99)<1000'], missed_messages: ['count==0'] });
      const def = ast.body.find((n): n is acorn.ExportDefaultDeclaration => n.type === 'ExportDefaultDeclaration');
      expect(def?.declaration.type).toMatch(/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/);
    },
  );

  it('keeps the pure helpers free of k6, so that they run here', () => {
    expect(imports(parse(join(DIR, 'lib/seqs.js')))).toEqual([]);
  });
});
