#!/usr/bin/env node
// Runs the built CLI when the package is installed; in a checkout, runs the TypeScript sources.
import { existsSync } from "node:fs";

const built = new URL("../dist/cli/main.js", import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/cli/main.ts", import.meta.url).href);
}
