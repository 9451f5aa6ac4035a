// npm start: build the client if it is missing or older than its sources, then serve.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = 'dist/client/index.html';
const sourcesChanged = () =>
  Math.max(newestMtime('src'), fs.statSync('index.html').mtimeMs, fs.statSync('vite.config.ts').mtimeMs) >
  fs.statSync(builtIndex).mtimeMs;
if (!fs.existsSync(builtIndex) || sourcesChanged()) {
  console.log('Building the client…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
