#!/usr/bin/env node
// forge's solc, offline: solcjs (the npm package `solc`) behind solc's command line. Answers
// `--version` and compiles a standard-JSON input from stdin, reading imports under the project root.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const require = createRequire(import.meta.url);
const solc = require("solc");
const args = process.argv.slice(2);
if (args.includes("--version")) {
  console.log("solc, the solidity compiler commandline interface");
  // forge reads a native build's version line: the same compiler version, named as a native build.
  console.log(`Version: ${solc.version().replace(/\.Emscripten\.clang$/, ".Linux.g++")}`);
  process.exit(0);
}
const basePath = args.includes("--base-path") ? args[args.indexOf("--base-path") + 1] : process.cwd();
const input = readFileSync(0, "utf8");
const findImports = (path) => {
  try {
    return { contents: readFileSync(resolve(basePath ?? ".", path), "utf8") };
  } catch (error) {
    return { error: String(error) };
  }
};
process.stdout.write(solc.compile(input, { import: findImports }));
