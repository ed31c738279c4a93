#!/usr/bin/env node
// Starts the four services and the gateway in one terminal with prefixed logs. Ctrl-C (or SIGTERM)
// stops them all; if one cannot start (a dependency does not answer, a bad setting), its message is
// shown, the others are stopped and the exit code is non-zero.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const APPS = [
  ['identity', 'services/identity/dist/main.js'],
  ['session', 'services/session/dist/main.js'],
  ['organization', 'services/organization/dist/main.js'],
  ['mailer', 'services/mailer/dist/main.js'],
  ['gateway', 'gateway/dist/main.js'],
];
const COLORS = [36, 35, 34, 33, 32];
// A local development run: the development secret is accepted (with a warning) and the mailbox at /dev/mailbox
// shows every mail. Anything set in the environment wins.
const LOCAL_ENV = { NODE_ENV: 'development', DEV_MAILBOX_ENABLED: 'true', ...process.env };
const width = Math.max(...APPS.map(([name]) => name.length));
const children = new Map();
let stopping = false;
let exitCode = 0;

function prefix(name, index) {
  const label = `[${name}]`.padEnd(width + 2);
  return process.stdout.isTTY ? `\x1b[${COLORS[index]}m${label}\x1b[0m` : label;
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 12_000).unref();
}

APPS.forEach(([name, entry], index) => {
  const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'pipe'], env: LOCAL_ENV });
  children.set(name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix(name, index)} ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      process.stdout.write(`${prefix(name, index)} exited (${signal ?? code}); stopping the others\n`);
      stopAll(code || 1);
    }
    if (children.size === 0) process.exit(exitCode);
  });
});

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
