// Small helpers shared by the root scripts (start, test, e2e server). Node built-ins only, so they
// run before `npm ci` has installed anything.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** The newest modification time under the given paths (files or folders), skipping build output. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach((p) => walk(path.resolve(ROOT, p)));
  return newest;
}

export function mtime(file) {
  const p = path.resolve(ROOT, file);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}
