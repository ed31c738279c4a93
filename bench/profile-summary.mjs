#!/usr/bin/env node
// Summarises a V8 .cpuprofile (as written by `node --cpu-prof`): the functions with the most self
// time, self time grouped by where the code lives (package, Node internals, the project's own dist),
// and the project's own functions by total (inclusive) time. Percentages are of the busy (non-idle) time.
//   node bench/profile-summary.mjs /tmp/prof/gateway.cpuprofile [top=25]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time of a node: the time deltas of the samples taken while it was on top of the stack.
const selfUs = new Map();
profile.samples.forEach((nodeId, index) => {
  selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

function where(url) {
  if (!url) return '(native / VM)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(services\/[^/]+|gateway|libs\/[^/]+)\//.exec(url);
  return own ? own[1] : url;
}

function keyOf({ functionName, url, lineNumber }) {
  const shortUrl = url.replace(/^file:\/\/.*?\/(node_modules|services|gateway|libs)\//, '$1/');
  return `${functionName || '(anonymous)'}  ${shortUrl ? `${shortUrl}:${lineNumber + 1}` : ''}`;
}

const byFunction = new Map();
const byPlace = new Map();
let totalUs = 0;
let idleUs = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') {
    idleUs += us;
    continue;
  }
  totalUs += us;
  const key = keyOf(node.callFrame);
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const place = ['(program)', '(garbage collector)'].includes(functionName) ? functionName : where(url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

// Inclusive time of the project's own functions (dist/ of services, gateway, libs), each counted once
// per stack even when it recurses.
const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
const inclusive = new Map();
const isOwn = (url) => /\/(services\/[^/]+|gateway|libs\/[^/]+)\/dist\//.test(url) && !url.includes('node_modules');
function walk(node, onPath) {
  let us = selfUs.get(node.id) ?? 0;
  if (node.callFrame.functionName === '(idle)') us = 0;
  const key = isOwn(node.callFrame.url) ? keyOf(node.callFrame) : undefined;
  const fresh = key !== undefined && !onPath.has(key);
  if (fresh) onPath.add(key);
  for (const childId of node.children ?? []) us += walk(nodesById.get(childId), onPath);
  if (fresh) {
    onPath.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
  return us;
}
walk(profile.nodes[0], new Set());

const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((us / totalUs) * 100).toFixed(1).padStart(5)} %`;
const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);

console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s busy, ${(idleUs / 1e6).toFixed(1)} s idle`);
console.log('\nself time by place:');
for (const [place, us] of sorted(byPlace).slice(0, 15)) console.log(`${ms(us)} ms ${pct(us)}  ${place}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [key, us] of sorted(byFunction).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
console.log(`\nown code, top ${top} by total time:`);
for (const [key, us] of sorted(inclusive).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
