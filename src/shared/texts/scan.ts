// Test-only (node): finds the English messages the API can answer with, in src/server and
// src/shared, so that texts.test.ts can check every one has a translation. Read with
// vite's parseAst (oxc, ESTree): HttpError(...) and its helpers (badRequest, notFound, ...), `.send({ message })`,
// `message` defaults and variables, and in files that use zod the messages of its checks. A value
// inside a template literal becomes a `{name}` placeholder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'vite';

// The argument that holds the message.
const ERROR_CALLS: Record<string, number> = {
  HttpError: 1,
  badRequest: 0,
  unauthorized: 0,
  forbidden: 0,
  notFound: 0,
  conflict: 0,
};
// Zod checks whose string (or { message } / { error }) arguments are messages.
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'email',
  'url',
  'uuid',
  'nonempty',
]);
// z.string({ error }), z.enum([...], { error }), z.literal(value, message): only their options.
const ZOD_TYPES = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'array', 'object', 'union']);
// Shared field builders whose first argument is a label put into their messages ("{label} is required").
const LABEL_CALLS = new Set(['text', 'idSchema', 'idParam', 'isoDateSchema']);

// Not answers a visitor reads: tests, seeds, the console's command line, the fake payment
// provider's own API, the dev mail viewer and the environment's validation.
const SKIP = [
  /\.test\.tsx?$/,
  /^src\/server\/(testing|demo|cli)\//,
  /^src\/server\/features\/payments\/sandbox/,
  /^src\/server\/features\/admin\/(handoff|roles)\.ts$/,
  /^src\/server\/mail\/dev-mail\.routes\.ts$/,
  /^src\/server\/config(-env)?\.ts$/,
  // The database schema's text() is drizzle's column, not the shared field.
  /^src\/server\/db\//,
  /^src\/shared\/texts\//,
];

export type FoundMessage = { text: string; file: string; line: number };

function walk(dir: string, out: string[]) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
}

// An ESTree node, read loosely.
type N = { type: string; start: number; [key: string]: unknown };
type Expr = N | null | undefined;

const isNode = (v: unknown): v is N => !!v && typeof v === 'object' && typeof (v as N).type === 'string';
const str = (n: N, key: string) => n[key] as string;
const node = (n: N, key: string) => (isNode(n[key]) ? (n[key] as N) : undefined);
const nodes = (n: N, key: string) => ((n[key] as unknown[]) ?? []).filter(isNode);

const WRAPPERS = new Set([
  'TSAsExpression',
  'TSNonNullExpression',
  'TSSatisfiesExpression',
  'ParenthesizedExpression',
]);
const unwrap = (e: Expr): Expr => {
  let x = e;
  while (x && WRAPPERS.has(x.type)) x = node(x, 'expression');
  return x;
};
const isString = (n: Expr): boolean => !!n && n.type === 'Literal' && typeof n.value === 'string';
const isIdentifier = (n: Expr, name?: string): boolean =>
  !!n && n.type === 'Identifier' && (name === undefined || n.name === name);
const keyName = (p: N) => {
  const k = node(p, 'key');
  return k && (isIdentifier(k) ? str(k, 'name') : isString(k) ? (k.value as string) : undefined);
};

const placeholder = (e: Expr): string => {
  const x = unwrap(e);
  if (x && isIdentifier(x)) return str(x, 'name');
  if (x?.type === 'MemberExpression' && isIdentifier(node(x, 'property')))
    return str(node(x, 'property')!, 'name');
  return 'value';
};

const calleeName = (c: N | undefined): string => {
  if (c && isIdentifier(c)) return str(c, 'name');
  if (c?.type === 'MemberExpression' && isIdentifier(node(c, 'property')))
    return str(node(c, 'property')!, 'name');
  return '';
};

// Calls the visitor on every node below `root`.
function each(root: N, visit: (n: N) => void) {
  visit(root);
  for (const [key, child] of Object.entries(root)) {
    if (key === 'parent') continue;
    if (Array.isArray(child)) {
      for (const c of child) if (isNode(c)) each(c, visit);
    } else if (isNode(child)) each(child, visit);
  }
}

export function scanMessages(root: string): { messages: FoundMessage[]; labels: FoundMessage[] } {
  const files: string[] = [];
  for (const dir of ['src/server', 'src/shared']) walk(join(root, dir), files);
  const sources = files
    .map((f) => ({ file: relative(root, f).replace(/\\/g, '/'), path: f }))
    .filter((f) => !SKIP.some((re) => re.test(f.file)))
    .map((f) => {
      const code = readFileSync(f.path, 'utf8');
      const program = parseAst(code, { lang: f.path.endsWith('x') ? 'tsx' : 'ts' }) as unknown as N;
      const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
      return { ...f, program, lineOf };
    });

  // Module-level constants (TOKEN_EXPIRED = '...'), so that a message passed by name is found.
  const constants = new Map<string, N>();
  for (const { program } of sources)
    for (let st of nodes(program, 'body')) {
      if (st.type === 'ExportNamedDeclaration' && node(st, 'declaration')) st = node(st, 'declaration')!;
      if (st.type === 'VariableDeclaration')
        for (const d of nodes(st, 'declarations')) {
          const id = node(d, 'id');
          const init = node(d, 'init');
          if (id && isIdentifier(id) && init) constants.set(str(id, 'name'), init);
        }
    }

  const messages: FoundMessage[] = [];
  const labels: FoundMessage[] = [];
  for (const { file, program, lineOf } of sources) {
    const usesZod = nodes(program, 'body').some(
      (s) => s.type === 'ImportDeclaration' && (node(s, 'source')?.value as string) === 'zod',
    );

    // Every text an expression can be: both branches of a condition, a constant's value.
    const texts = (expr: Expr, seen = new Set<string>()): string[] => {
      const e = unwrap(expr);
      if (!e) return [];
      if (isString(e)) return [e.value as string];
      if (e.type === 'TemplateLiteral') {
        const quasis = nodes(e, 'quasis');
        const exprs = nodes(e, 'expressions');
        return [
          quasis
            .map((q, i) => {
              const v = q.value as { cooked: string | null; raw: string };
              return (v.cooked ?? v.raw) + (i < exprs.length ? `{${placeholder(exprs[i])}}` : '');
            })
            .join(''),
        ];
      }
      if (e.type === 'ConditionalExpression')
        return [...texts(node(e, 'consequent'), seen), ...texts(node(e, 'alternate'), seen)];
      if (e.type === 'LogicalExpression' && (e.operator === '??' || e.operator === '||'))
        return [...texts(node(e, 'left'), seen), ...texts(node(e, 'right'), seen)];
      if (isIdentifier(e)) {
        const name = str(e, 'name');
        if (seen.has(name) || !constants.has(name)) return [];
        seen.add(name);
        return texts(constants.get(name), seen);
      }
      return [];
    };
    const add = (e: Expr, at: N, into = messages) => {
      for (const text of texts(e))
        if (/[A-Za-z]/.test(text)) into.push({ text, file, line: lineOf(at.start) });
    };
    const addFromObject = (o: N, keys: string[]) => {
      for (const p of nodes(o, 'properties')) {
        const k = p.type === 'Property' ? keyName(p) : undefined;
        if (k && keys.includes(k)) add(node(p, 'value'), p);
      }
    };
    const isObject = (n: N) => n.type === 'ObjectExpression';
    const isFunction = (n: N) => n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression';

    each(program, (n) => {
      if (n.type === 'CallExpression' || n.type === 'NewExpression') {
        const callee = node(n, 'callee');
        const name = calleeName(callee);
        const args = nodes(n, 'arguments');
        const member = callee?.type === 'MemberExpression';
        if (callee && isIdentifier(callee) && name in ERROR_CALLS) add(args[ERROR_CALLS[name]], n);
        if (callee && isIdentifier(callee) && LABEL_CALLS.has(name)) {
          add(args[0], n, labels);
          add(args[1], n);
        }
        if (member && name === 'send') for (const a of args) if (isObject(a)) addFromObject(a, ['message']);
        if (usesZod && member && ZOD_TYPES.has(name))
          for (const [i, a] of args.entries()) {
            if (isObject(a)) addFromObject(a, ['message', 'error']);
            else if (name === 'literal' && i === 1) add(a, a);
          }
        if (usesZod && member && ZOD_CHECKS.has(name))
          for (const a of args) {
            if (isObject(a)) addFromObject(a, ['message', 'error']);
            else if (!isFunction(a)) add(a, a);
          }
        // ctx.addIssue({ message }) in a superRefine.
        if (usesZod && name === 'addIssue')
          for (const a of args) if (isObject(a)) addFromObject(a, ['message']);
      }
      // `message = 'You need to sign in first'` defaults, and `const message = ...` / `messages = {...}`.
      if (n.type === 'AssignmentPattern' && isIdentifier(node(n, 'left'), 'message'))
        add(node(n, 'right'), n);
      if (n.type === 'VariableDeclarator' && isIdentifier(node(n, 'id'))) {
        const name = str(node(n, 'id')!, 'name');
        const init = node(n, 'init');
        if (init && name === 'message') add(init, n);
        if (init && name === 'messages' && isObject(init))
          for (const p of nodes(init, 'properties')) if (p.type === 'Property') add(node(p, 'value'), p);
      }
    });
  }
  return { messages, labels };
}
