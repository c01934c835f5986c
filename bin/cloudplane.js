#!/usr/bin/env node
// Runs the compiled service (dist/main.js), building it first when the
// sources are newer: `npm start` and the `cloudplane` command stay one step.
import { buildIfStale, bundle } from '../scripts/build.mjs';
import { pathToFileURL } from 'node:url';

await buildIfStale();
await import(pathToFileURL(bundle).href);
