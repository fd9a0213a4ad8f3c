// The API server as JavaScript: every `.ts` of apps/api/src and packages/shared/src (tests left out) with its
// types stripped by Node's own `module.stripTypeScriptTypes`, into apps/api/dist. Running these files instead
// of the `.ts` keeps Node's TypeScript stripper (amaro, SWC in WebAssembly, 15–17 MB of RSS) out of the server
// process (docs/decisions/memory.md). `npm start`, the benchmarks and the browser tests run this build;
// `npm run dev` and the unit tests run the `.ts`, which is the same code: strip-only output is the source
// with the types blanked out, on the same lines and columns, so stack traces need no source maps.
//
// Usage: node scripts/build-server.mjs [--if-stale] [--out <dir next to apps/api/src>]
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const apiDir = join(root, 'apps/api');

/** Where `npm start` runs the server from. */
export const serverOutDir = join(apiDir, 'dist');
const STAMP = '.build-stamp';

/** The entry point of a server build. */
export function serverEntry(outDir = serverOutDir) {
  return join(outDir, 'server.js');
}

/**
 * The source trees of the server and where each goes. The API's files keep their place relative to
 * apps/api, one folder over (src → dist): `import.meta.url`-relative paths that leave the tree
 * (`../package.json` for the version, `../../web/dist`) resolve as they do from src. The shared package
 * goes inside the same folder, and `@centavo/shared` imports are rewritten to relative paths into it: the
 * build is one self-contained folder, run without flags or export conditions, and one that is not
 * apps/api/dist (the test's) never reaches into another build.
 */
function serverTrees(outDir) {
  if (dirname(resolve(outDir)) !== apiDir) {
    throw new Error(`the server build must be a folder in apps/api (like src), not ${outDir}`);
  }
  return [
    { src: join(apiDir, 'src'), out: resolve(outDir) },
    { src: join(root, 'packages/shared/src'), out: join(resolve(outDir), '@centavo/shared') },
  ];
}

/** Test files and their helpers are not part of the server; a built file importing one fails the build. */
const isTestFile = (name) => /\.(test|spec)\.ts$|\.test-helpers\.ts$|\.d\.ts$/.test(name);
/** Other files of a source tree that the server may read at run time (a worker script, data, templates). */
const isCopied = (name) => !name.endsWith('.ts') && !name.endsWith('.md');

function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, visit);
    else visit(path, entry.name);
  }
}

/** Source file → its output file, for every file of the trees that goes into a build. */
function plan(trees) {
  const files = new Map();
  for (const tree of trees) {
    walk(tree.src, (path, name) => {
      let out;
      if (name.endsWith('.ts') && !isTestFile(name)) out = `${path.slice(0, -3)}.js`;
      else if (isCopied(name)) out = path;
      else return;
      out = join(tree.out, relative(tree.src, out));
      if ([...files.values()].includes(out)) throw new Error(`two sources build to ${out}`);
      files.set(path, out);
    });
  }
  return files;
}

// ---------------------------------------------------------------------------------------------------------
// Module specifiers. A small JavaScript tokenizer (comments, strings, template literals, regular expression
// literals) finds the string literals that are specifiers — after `from`, after `import` (a side-effect
// import), inside `import(…)` — with their positions, so only those are rewritten; a `'./x.ts'` in a comment
// or an ordinary string is left alone. It also finds `new URL('<literal>', import.meta.url)` to check that
// the file it names is in the build.

const REGEX_AFTER_WORD = new Set(
  'return typeof instanceof in of new delete void throw case do else yield await extends'.split(' '),
);

/** Significant tokens of a module's code: identifiers, punctuators, strings (with position), other literals. */
function tokenize(code) {
  const tokens = [];
  const braces = []; // '{' for a block or object, '`' for a `${` inside a template literal
  let i = 0;
  const n = code.length;
  const regexAllowed = () => {
    const prev = tokens.at(-1);
    if (!prev) return true;
    if (prev.type === 'punct') return !(prev.value === ')' || prev.value === ']');
    if (prev.type === 'word') return REGEX_AFTER_WORD.has(prev.value) && tokens.at(-2)?.value !== '.';
    return false;
  };
  /** Scans template characters from i (just after '`' or a closing '}') to the end or the next '${'. */
  const template = () => {
    while (i < n) {
      const c = code[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        tokens.push({ type: 'literal' });
        return;
      } else if (c === '$' && code[i + 1] === '{') {
        i += 2;
        braces.push('`');
        tokens.push({ type: 'punct', value: '${' });
        return;
      } else i++;
    }
    throw new Error('unterminated template literal');
  };
  while (i < n) {
    const c = code[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && code[i + 1] === '/') {
      while (i < n && code[i] !== '\n') i++;
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      if (end < 0) throw new Error('unterminated comment');
      i = end + 2;
    } else if (c === "'" || c === '"') {
      const start = i++;
      while (i < n && code[i] !== c) {
        if (code[i] === '\n') throw new Error('unterminated string');
        i += code[i] === '\\' ? 2 : 1;
      }
      i++;
      tokens.push({ type: 'string', start, end: i, value: code.slice(start + 1, i - 1) });
    } else if (c === '`') {
      i++;
      template();
    } else if (c === '/' && regexAllowed()) {
      let inClass = false;
      i++;
      while (i < n && (code[i] !== '/' || inClass)) {
        if (code[i] === '\n') throw new Error('unterminated regular expression');
        if (code[i] === '\\') i++;
        else if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
        i++;
      }
      i++;
      while (i < n && /[a-z]/i.test(code[i])) i++;
      tokens.push({ type: 'literal' });
    } else if (/[\p{ID_Start}$_#\\]/u.test(c)) {
      const start = i++;
      while (i < n && /[\p{ID_Continue}$\\]/u.test(code[i])) i++;
      tokens.push({ type: 'word', value: code.slice(start, i) });
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? ''))) {
      while (i < n && /[\w.]/.test(code[i])) i++;
      tokens.push({ type: 'literal' });
    } else if (c === '{') {
      braces.push('{');
      tokens.push({ type: 'punct', value: c });
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop() === '`') template();
      else tokens.push({ type: 'punct', value: c });
    } else {
      tokens.push({ type: 'punct', value: c });
      i++;
    }
  }
  return tokens;
}

/** The module specifiers of a module's code, and the literal paths of `new URL(…, import.meta.url)`. */
export function findSpecifiers(code) {
  const tokens = tokenize(code);
  const specifiers = [];
  const urls = [];
  const word = (k, value) =>
    tokens[k]?.type === 'word' && tokens[k].value === value && tokens[k - 1]?.value !== '.';
  const punct = (k, value) => tokens[k]?.type === 'punct' && tokens[k].value === value;
  tokens.forEach((t, k) => {
    if (t.type !== 'string') return;
    if (word(k - 1, 'from') || word(k - 1, 'import') || (punct(k - 1, '(') && word(k - 2, 'import'))) {
      specifiers.push(t);
    } else if (
      punct(k - 1, '(') &&
      word(k - 2, 'URL') &&
      word(k - 3, 'new') &&
      punct(k + 1, ',') &&
      word(k + 2, 'import') &&
      punct(k + 3, '.') &&
      tokens[k + 4]?.value === 'meta'
    ) {
      urls.push(t);
    }
  });
  return { specifiers, urls };
}

/** `./x.ts` from one output file to another, always starting with `./` or `../`. */
function relativeSpecifier(fromFile, toFile) {
  const rel = relative(dirname(fromFile), toFile).split(sep).join('/');
  return rel.startsWith('../') ? rel : `./${rel}`;
}

/**
 * The specifier a built file uses for `spec`: a relative one pointing at the target's output file, when the
 * target is a file of the build (relative `.ts` imports and `@centavo/shared`); unchanged for Node's
 * built-ins and installed packages. A relative specifier that names no file of the build fails the build.
 */
function rewriteSpecifier(spec, srcFile, outFile, files) {
  if (spec.startsWith('./') || spec.startsWith('../')) {
    const target = resolve(dirname(srcFile), spec);
    const targetOut = files.get(target);
    if (!targetOut) throw new Error(`${relative(root, srcFile)}: '${spec}' is not a file of the build`);
    return relativeSpecifier(outFile, targetOut);
  }
  if (spec.startsWith('node:') || spec.startsWith('/') || spec.startsWith('file:')) return spec;
  let resolved;
  try {
    // Resolved from this script; the server's files resolve packages from the same node_modules.
    resolved = import.meta.resolve(spec);
  } catch {
    return spec; // not installed here: left for Node to report at run time, as it would for the `.ts`
  }
  if (!resolved.startsWith('file:')) return spec;
  const targetOut = files.get(fileURLToPath(resolved));
  return targetOut ? relativeSpecifier(outFile, targetOut) : spec;
}

function transform(code, srcFile, outFile, files) {
  const { specifiers, urls } = findSpecifiers(code);
  for (const url of urls) {
    const target = resolve(dirname(srcFile), url.value);
    if (!files.has(target)) {
      throw new Error(
        `${relative(root, srcFile)}: new URL('${url.value}', import.meta.url) is not in the build`,
      );
    }
  }
  let out = code;
  for (const s of specifiers.reverse()) {
    if (s.value.includes('\\')) throw new Error(`${relative(root, srcFile)}: escaped specifier ${s.value}`);
    const next = rewriteSpecifier(s.value, srcFile, outFile, files);
    if (next !== s.value) out = `${out.slice(0, s.start + 1)}${next}${out.slice(s.end - 1)}`;
  }
  return out;
}

/**
 * Node 24 warns once per process that stripTypeScriptTypes is experimental; `npm start` would print it on
 * every rebuild. This build is checked by a test (apps/api/test/build.test.ts), so the warning is dropped.
 */
function strip(code) {
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(warning).includes('stripTypeScriptTypes')) return;
    emitWarning.call(process, warning, ...rest);
  };
  try {
    return stripTypeScriptTypes(code, { mode: 'strip' });
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Writes a file through a temporary name: a server starting from the build never reads half a file. */
function writeAtomic(path, content) {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return false;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
  return true;
}

/** Builds `trees` (all files in `files`) into their output folders; returns how many files it wrote. */
function emit(trees, files) {
  let written = 0;
  const outputs = new Set();
  for (const [src, out] of files) {
    if (!trees.some((t) => src.startsWith(t.src + sep))) continue;
    const code = readFileSync(src, 'utf8');
    let content = code;
    if (src.endsWith('.ts')) content = transform(strip(code), src, out, files);
    else if (/\.[cm]?js$/.test(src)) content = transform(code, src, out, files);
    if (writeAtomic(out, content)) written++;
    outputs.add(out);
  }
  // Files whose source is gone; the shared package's folder is handled by its own tree.
  for (const tree of trees) {
    if (!existsSync(tree.out)) continue;
    const nested = trees.filter((t) => t !== tree && t.out.startsWith(tree.out + sep)).map((t) => t.out);
    removeStale(tree.out, outputs, nested);
  }
  return written;
}

function removeStale(dir, keep, nested) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === STAMP || nested.includes(path)) continue;
    if (entry.isDirectory()) {
      removeStale(path, keep, nested);
      if (readdirSync(path).length === 0) rmdirSync(path);
    } else if (!keep.has(path) && !entry.name.includes('.tmp-')) {
      rmSync(path, { force: true });
    }
  }
}

/**
 * Builds the server into `outDir` (default apps/api/dist). Files are replaced one by one, each atomically
 * and only when its content changed, so a server already running from the folder keeps working.
 */
export function buildServer({ outDir = serverOutDir } = {}) {
  const started = Date.now();
  const trees = serverTrees(outDir);
  const files = plan(trees);
  const written = emit(trees, files);
  // The stamp carries the time the build started: a source saved during the build makes the next start
  // rebuild.
  const stamp = join(resolve(outDir), STAMP);
  writeFileSync(stamp, `${JSON.stringify({ node: process.version, files: files.size })}\n`);
  utimesSync(stamp, started / 1000, started / 1000);
  return { outDir: resolve(outDir), files: files.size, written, ms: Date.now() - started };
}

/** True when the build is missing or older than a source file or this script. */
export function serverBuildIsStale(outDir = serverOutDir) {
  const stamp = join(resolve(outDir), STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return (
    serverTrees(outDir).some((t) => newestMtime(t.src) > built) ||
    statSync(fileURLToPath(import.meta.url)).mtimeMs > built
  );
}

/** Builds the server when it is stale; returns the entry point to run. */
export function ensureServerBuild({ outDir = serverOutDir, log = console.log } = {}) {
  if (serverBuildIsStale(outDir)) {
    const result = buildServer({ outDir });
    log(
      `Built the API server: ${result.files} files into ${relative(root, result.outDir)} in ${result.ms} ms`,
    );
  }
  return serverEntry(outDir);
}

/**
 * The benchmarks' fixtures (bench/fixtures/*.ts) stripped the same way into bench/dist/fixtures, importing
 * the server build: the app fixture and the bare-Fastify baseline then run as `npm start` runs the server.
 * Builds the server first when it is stale. Returns the output folder.
 */
export function buildBenchFixtures({ log = console.log } = {}) {
  ensureServerBuild({ log });
  const trees = [
    ...serverTrees(serverOutDir),
    { src: join(root, 'bench/fixtures'), out: join(root, 'bench/dist/fixtures') },
  ];
  const fixtures = trees.at(-1);
  emit([fixtures], plan(trees));
  return fixtures.out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 ? resolve(args[outIndex + 1] ?? '') : serverOutDir;
  if (args.includes('--if-stale')) {
    ensureServerBuild({ outDir });
  } else {
    const r = buildServer({ outDir });
    console.log(
      `Built the API server: ${r.files} files (${r.written} changed) into ${relative(root, r.outDir)} in ${r.ms} ms`,
    );
  }
}
