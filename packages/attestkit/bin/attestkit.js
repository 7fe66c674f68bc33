#!/usr/bin/env node
// In a checkout (the TypeScript sources are present) runs them through tsx, so a stale dist/ left by
// an earlier build never answers; in the installed package (no src/) runs the built CLI.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/main.ts", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(source.href);
} else {
  await import(new URL("../dist/cli/main.js", import.meta.url).href);
}
