#!/usr/bin/env node
// The top functions of a .cpuprofile by self time, and by package/folder (node_modules/<pkg>, our
// dist/<module>, node internals), with their share of the samples that were not idle.
//   node bench/cpuprofile-top.mjs api-123.cpuprofile [--top 40]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' }, callers: { type: 'string' }, depth: { type: 'string', default: '6' } } });
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
let idle = 0;
const fn = new Map();
const group = new Map();
function where(url) {
  if (!url) return '(native/V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.indexOf('/dist/');
  if (dist >= 0) return 'ours: ' + url.slice(dist + 6).split('/').slice(0, 2).join('/');
  if (url.startsWith('node:')) return url;
  return url;
}
for (const [id, us] of self) {
  const n = byId.get(id);
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)' || name === '(program)' && false) { idle += us; continue; }
  const key = `${name}  ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const g = name === '(garbage collector)' ? '(garbage collector)' : name === '(program)' ? '(program)' : where(n.callFrame.url);
  group.set(g, (group.get(g) ?? 0) + us);
}
const busy = total - idle;
const seconds = (profile.endTime - profile.startTime) / 1e6;
console.log(`profile ${seconds.toFixed(1)} s, busy ${(busy / 1e6).toFixed(2)} s (${((100 * busy) / (seconds * 1e6)).toFixed(0)} % of a core)`);
const show = (title, map, top) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
show('by package / folder (self time)', group, 30);
show('by function (self time)', fn, Number(args.top));

// --callers <function name>: where that function's self time comes from (the call stacks above it, 6 frames)
if (args.callers) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    if (n.callFrame.functionName !== args.callers) continue;
    const frames = [];
    for (let p = parent.get(id); p !== undefined && frames.length < Number(args.depth); p = parent.get(p)) {
      const f = byId.get(p).callFrame;
      frames.push(`${f.functionName || '(anon)'}@${where(f.url)}:${f.lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + us);
  }
  show(`callers of ${args.callers}`, stacks, 15);
}
