#!/usr/bin/env node
// Runs the compiled service (dist/main.js). In a clone it is built first
// when a source is newer, so `npm start` and the `cloudplane` command stay one
// step; a built package (npm pack) carries no sources, no build script and
// no bundler, and runs its bundle as it is.
import { existsSync } from 'node:fs';
import { URL } from 'node:url';

const buildScript = new URL('../scripts/build.mjs', import.meta.url);
if (existsSync(new URL('../src/cli/main.ts', import.meta.url)) && existsSync(buildScript)) {
  const { buildIfStale } = await import(buildScript.href);
  await buildIfStale();
}
await import(new URL('../dist/main.js', import.meta.url).href);
