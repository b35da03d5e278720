/**
 * The `.Values` paths a Helm template reads: direct references (`.Values.a.b`, `$.Values.a.b`,
 * `$root.Values.a.b`), `index .Values.a "b-c" "d"`, and references relative to the dot inside
 * `{{ with .Values.a.b }}` blocks. Dots whose meaning depends on data (inside `range`, `define`, or a `with`
 * on anything else) are not followed. Also reports unbalanced blocks, the commonest template error.
 */
export interface TemplateScan {
  paths: string[][];
  errors: string[];
}

type Frame = { keyword: string; base: string[] | null | 'root' };

const ACTION = /{{-?\s*([\s\S]*?)\s*-?}}/g;
const DIRECT = /\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g;
const INDEX = /\bindex\s+\$?[A-Za-z0-9_]*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)*)((?:\s+"[^"]*")+)/g;
const BARE = /(?<![\w$)\].])\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/g;
const VALUES_EXPR = /^\$?[A-Za-z0-9_]*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)*)$/;
const BARE_EXPR = /^\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)$/;

export function scanTemplate(text: string): TemplateScan {
  const paths: string[][] = [];
  const errors: string[] = [];
  const stack: Frame[] = [];
  const base = () => (stack.length ? stack[stack.length - 1].base : 'root');
  const source = text.replace(/{{-?\s*\/\*[\s\S]*?\*\/\s*-?}}/g, '');
  for (const match of source.matchAll(ACTION)) {
    const action = match[1];
    const withoutStrings = action.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
    for (const ref of withoutStrings.matchAll(DIRECT)) paths.push(ref[1].slice(1).split('.'));
    for (const ref of action.matchAll(INDEX)) {
      const dotted = ref[1] ? ref[1].slice(1).split('.') : [];
      const keys = [...ref[2].matchAll(/"([^"]*)"/g)].map((k) => k[1]);
      paths.push([...dotted, ...keys]);
    }
    const current = base();
    if (Array.isArray(current)) {
      for (const ref of withoutStrings.matchAll(BARE)) {
        if (!ref[1].startsWith('Values')) paths.push([...current, ...ref[1].split('.')]);
      }
    }
    const [keyword, ...rest] = withoutStrings.split(/\s+/);
    const argument = rest.join(' ').trim();
    if (keyword === 'end') {
      if (!stack.pop()) errors.push(`{{ end }} without a block: "{{${action}}}"`);
    } else if (keyword === 'else') {
      const frame = stack[stack.length - 1];
      if (!frame) errors.push('{{ else }} without a block');
      // `else` of a `with` runs with the outer dot; `else with x` sets a new one.
      else if (frame.keyword === 'with') frame.base = rest[0] === 'with' ? null : stack.length > 1 ? stack[stack.length - 2].base : 'root';
    } else if (keyword === 'with') {
      const values = VALUES_EXPR.exec(argument);
      const bare = BARE_EXPR.exec(argument);
      const next =
        values && (argument.startsWith('.') || argument.startsWith('$.') || argument.startsWith('$root.'))
          ? values[1].slice(1).split('.').filter(Boolean)
          : bare && Array.isArray(current)
            ? [...current, ...bare[1].split('.')]
            : null;
      stack.push({ keyword, base: next });
    } else if (keyword === 'if') {
      stack.push({ keyword, base: current });
    } else if (keyword === 'range' || keyword === 'define' || keyword === 'block') {
      stack.push({ keyword, base: null });
    }
  }
  if (stack.length) errors.push(`${stack.length} block(s) not closed: ${stack.map((f) => f.keyword).join(', ')}`);
  return { paths, errors };
}

/** Whether `path` names a key of `values`; a list on the way ends the check (its items are data). */
export function hasPath(values: unknown, path: string[]): boolean {
  let node = values;
  for (const key of path) {
    if (Array.isArray(node)) return true;
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
