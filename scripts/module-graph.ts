/**
 * The shape of the server's modules, for a closing note or a review: the distinct module-to-module
 * import pairs of production code (types included: a type import is a dependency to read, if not
 * to run), each module's imports, and which modules write each table the conversation core owns.
 *
 *   node --import tsx scripts/module-graph.ts [repository root, default this one] [--pairs]
 *
 * Pointed at another checkout (a worktree of an older commit) it measures that tree the same way;
 * the table writes are found by the ownership check's scanner (server/test/table-writes.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../server/lib/paths';
import { productionFiles, scanServer } from '../server/test/table-writes';

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? ROOT);
const modulesDir = path.join(root, 'server/modules');

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0]!;
// The ownership check's walk: production files only (no tests, fixtures, testing/ helpers).
const moduleFiles = productionFiles(root)
  .filter((file) => file.startsWith('server/modules/'))
  .map((file) => path.join(root, file));
const pairs = new Set<string>();
for (const file of moduleFiles) {
  const from = moduleOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), match[1]!);
    const relative = path.relative(modulesDir, target);
    if (relative.startsWith('..')) continue;
    const to = relative.split(path.sep)[0]!;
    if (to !== from) pairs.add(`${from} -> ${to}`);
  }
}

const byModule = new Map<string, string[]>();
for (const pair of [...pairs].sort()) {
  const [from, to] = pair.split(' -> ') as [string, string];
  byModule.set(from, [...(byModule.get(from) ?? []), to]);
}
console.log(`modules: ${readdirSync(modulesDir).length}, module-to-module pairs: ${pairs.size}`);
for (const [from, tos] of byModule) console.log(`  ${from} (${tos.length}): ${tos.join(', ')}`);
if (args.includes('--pairs')) for (const pair of [...pairs].sort()) console.log(pair);

const core = ['conversations', 'messages', 'conversation_events', 'message_files'];
const writes = scanServer(root).filter((w) => core.includes(w.table));
for (const table of core) {
  const writers = [...new Set(writes.filter((w) => w.table === table).map((w) => w.writer))];
  console.log(`${table} written by ${writers.length}: ${writers.sort().join(', ')}`);
}
