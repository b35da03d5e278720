import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Attributes a person reads or hears: their value must come from a catalog. */
export const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
/** Calls whose string argument is shown to a person. */
const TEXT_CALLS = new Set(['confirm', 'alert', 'prompt']);

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

/** A text a person could read: it has a letter in it (punctuation, digits and symbols alone are not words). */
const isWords = (text: string) => /\p{L}{2,}/u.test(text);

/**
 * User-visible strings written straight into components instead of taken from a catalog: JSX text, the text
 * attributes above given a string literal, and string literals passed to `confirm`, `alert` or `prompt`.
 */
export function literalTexts(fileName: string, source: string): LiteralText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const add = (node: ts.Node, text: string) => {
    if (isWords(text))
      found.push({ file: fileName, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const stringOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return stringOf(node.expression);
    if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => span.literal.text).join(' ');
    return null;
  };
  const hidden = (node: ts.Node) =>
    ts.isJsxElement(node) &&
    node.openingElement.attributes.properties.some(
      (a) =>
        ts.isJsxAttribute(a) && a.name.getText(file) === 'aria-hidden' && /^("true"|\{true\})$/.test(a.initializer?.getText(file) ?? ''),
    );
  const visit = (node: ts.Node) => {
    // A decorative mark hidden from assistive technology (the logo's letters) is not text.
    if (hidden(node)) return;
    if (ts.isJsxText(node)) add(node, node.text);
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = stringOf(node.expression);
      if (text !== null) add(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file))) {
      const text = stringOf(node.initializer);
      if (text !== null) add(node, text);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const text = TEXT_CALLS.has(name) ? stringOf(node.arguments[0]) : null;
      if (text !== null) add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The web app's components and pages (tests excluded), relative to `root`. */
export function componentFiles(root: string, dir = join(root, 'apps/web/src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(root, path);
    return /\.tsx$/.test(entry.name) && !/\.spec\.tsx$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

export function literalTextsIn(root: string): LiteralText[] {
  return componentFiles(root).flatMap((file) => literalTexts(file, readFileSync(join(root, file), 'utf8')));
}
