// Counts how the API's modules stand on each other, from the import statements of apps/api/src (tests
// aside): modules caught in import cycles with other modules, pairs of modules that import each other,
// and files outside modules/ (other than the composition roots) that import a module.
// `node scripts/api-structure.mjs` prints the counts and each offending import; `--json` prints them as
// JSON. scripts/api-structure.test.mjs holds the counts at zero.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const API_SOURCE = join(REPO_ROOT, 'apps/api/src');

/** Files that compose modules into the running program: they may import any module. */
export const COMPOSITION_ROOTS = [
  /^app\.ts$/,
  /^server\.ts$/,
  /^job-table\.ts$/,
  /^cli\//,
  /^db\/seed\//,
  /^bench\//,
];

function sourceFiles(directory) {
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
      files.push(path);
  }
  return files;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The module a file belongs to (`modules/<name>/…`), or undefined for files outside modules/. */
export function moduleOf(relativePath) {
  const match = /^modules\/([^/]+)\//.exec(relativePath);
  return match?.[1];
}

/** Every relative import between two source files of apps/api/src, as paths relative to it. */
export function importsOf(root = API_SOURCE) {
  const edges = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target && target.startsWith(root))
        edges.push({ from: relative(root, file), to: relative(root, target) });
    }
  }
  return edges;
}

/** Strongly connected components of a directed graph given as Map<node, Set<node>> (Tarjan). */
function components(graph) {
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const visit = (node) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      result.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return result;
}

export function measure(edges) {
  const graph = new Map();
  const moduleEdges = new Map();
  const fromBelow = [];
  for (const { from, to } of edges) {
    const source = moduleOf(from);
    const target = moduleOf(to);
    if (target && !source && !COMPOSITION_ROOTS.some((pattern) => pattern.test(from))) {
      fromBelow.push(`${from} → ${to}`);
    }
    if (!source || !target || source === target) continue;
    if (!graph.has(source)) graph.set(source, new Set());
    if (!graph.has(target)) graph.set(target, new Set());
    graph.get(source).add(target);
    const key = `${source} → ${target}`;
    moduleEdges.set(key, [...(moduleEdges.get(key) ?? []), `${from} → ${to}`]);
  }
  const cycles = components(graph).filter((component) => component.length > 1);
  const twoWayPairs = [];
  for (const [source, targets] of graph) {
    for (const target of targets) {
      if (source < target && graph.get(target)?.has(source)) {
        twoWayPairs.push({
          pair: `${source} ↔ ${target}`,
          imports: [...moduleEdges.get(`${source} → ${target}`), ...moduleEdges.get(`${target} → ${source}`)],
        });
      }
    }
  }
  return {
    modulesInCycles: cycles.reduce((total, component) => total + component.length, 0),
    cycles,
    twoWayPairs,
    importsFromBelow: fromBelow,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measure(importsOf());
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(`modules in import cycles: ${result.modulesInCycles}`);
    for (const cycle of result.cycles) console.log(`  cycle: ${cycle.join(', ')}`);
    console.log(`modules importing each other: ${result.twoWayPairs.length} pairs`);
    for (const { pair, imports } of result.twoWayPairs) {
      console.log(`  ${pair}`);
      for (const line of imports) console.log(`    ${line}`);
    }
    console.log(
      `imports of a module from outside modules/ (composition roots aside): ${result.importsFromBelow.length}`,
    );
    for (const line of result.importsFromBelow) console.log(`  ${line}`);
  }
}
