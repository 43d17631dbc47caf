// Fails when UI text is written in a component instead of the message catalogue (ADR 031), English
// included: JSX text with a letter outside <Trans>/<Plural>, literal strings in JSX expressions,
// literal text props people read (aria-label, placeholder, title, alt, label...) and literal toast
// texts. Strings listed in scripts/i18n-allow.txt (brand names, symbols) pass.
//   node scripts/check-i18n.mjs [files or folders...]   (default: src/client)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'vite';

const root = join(import.meta.dirname, '..');
const allowed = new Set(
  readFileSync(join(root, 'scripts/i18n-allow.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);
const TEXT_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'placeholder',
  'title',
  'alt',
  'label',
  'description',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'heading',
  'subtitle',
]);
const MACRO_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const TOAST_KEYS = new Set(['title', 'description']);
const hasLetter = (s) => /\p{L}/u.test(s);
const isUiText = (s) => hasLetter(s) && !allowed.has(s.trim().replace(/\s+/g, ' '));

function files(target) {
  const st = statSync(target);
  if (st.isFile()) return /\.tsx$/.test(target) && !/\.test\.tsx$/.test(target) ? [target] : [];
  return readdirSync(target).flatMap((name) =>
    name === 'locales' || name === 'node_modules' ? [] : files(join(target, name)),
  );
}

function lineOf(code, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (code.charCodeAt(i) === 10) line++;
  return line;
}

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis.map((q) => q.value.cooked).join('');
  return null;
}

// The string literals an expression can evaluate to directly (a ? 'x' : 'y', a || 'x', 'x').
function literalsIn(node) {
  if (!node) return [];
  if (node.type === 'ConditionalExpression')
    return [...literalsIn(node.consequent), ...literalsIn(node.alternate)];
  if (node.type === 'LogicalExpression') return literalsIn(node.right);
  if (node.type === 'TemplateLiteral' && node.expressions.length > 0)
    return node.quasis.map((q) => ({ node: q, text: q.value.cooked }));
  const text = literalText(node);
  return text === null ? [] : [{ node, text }];
}

function check(file) {
  const code = readFileSync(file, 'utf8');
  const ast = parseAst(code, { lang: 'tsx' });
  const found = [];
  const report = (node, what, text) =>
    found.push(
      `${relative(root, file)}:${lineOf(code, node.start)}: ${what}: ${JSON.stringify(text.trim())}`,
    );

  // An expression in an attribute is text only in a text prop (checked above); JSX inside it is
  // still checked.
  const walk = (node, inMacro, inAttribute = false) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'JSXElement') {
      const name = node.openingElement.name;
      if (name.type === 'JSXIdentifier' && MACRO_ELEMENTS.has(name.name)) inMacro = true;
      for (const attr of node.openingElement.attributes) {
        if (attr.type !== 'JSXAttribute' || inMacro) continue;
        const key = attr.name.type === 'JSXIdentifier' ? attr.name.name : '';
        if (!TEXT_PROPS.has(key)) continue;
        const value = attr.value?.type === 'JSXExpressionContainer' ? attr.value.expression : attr.value;
        for (const lit of literalsIn(value)) if (isUiText(lit.text)) report(lit.node, key, lit.text);
      }
    }
    if (node.type === 'JSXText' && !inMacro && isUiText(node.value)) report(node, 'text', node.value);
    if (node.type === 'JSXExpressionContainer' && !inMacro && !inAttribute) {
      for (const lit of literalsIn(node.expression))
        if (isUiText(lit.text)) report(lit.node, 'text', lit.text);
    }
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'toast') {
      const arg = node.arguments[0];
      for (const prop of arg?.type === 'ObjectExpression' ? arg.properties : []) {
        if (prop.type !== 'Property' || !TOAST_KEYS.has(prop.key.name ?? prop.key.value)) continue;
        for (const lit of literalsIn(prop.value)) if (isUiText(lit.text)) report(lit.node, 'toast', lit.text);
      }
    }
    const attribute = node.type === 'JSXAttribute';
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) for (const child of value) walk(child, inMacro, attribute);
      else if (value && typeof value === 'object') walk(value, inMacro, attribute);
    }
  };
  walk(ast, false);
  return found;
}

const targets = process.argv.slice(2);
const list = (targets.length ? targets : [join(root, 'src/client')]).flatMap((t) => files(t));
const problems = list.flatMap(check);
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} UI string(s) outside the message catalogue (ADR 031).`);
  process.exit(1);
}
console.log(`i18n: ${list.length} files, no hard-coded UI strings`);
