#!/usr/bin/env node
// solc for Foundry, offline: the solcjs build of the npm package `solc` behind solc's command line.
// forge runs it as its compiler (`solc = "node_modules/.bin/attestkit-solc"` in foundry.toml, or
// `forge build --use node_modules/.bin/attestkit-solc`): it answers `--version` and compiles the
// standard-JSON input on stdin, reading any import forge did not send under the base path.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

/** The `solc` package of the project (the current directory), else the one beside attestkit. */
function loadSolc() {
  for (const from of [join(process.cwd(), "package.json"), import.meta.url]) {
    try {
      return createRequire(from)("solc");
    } catch {}
  }
  process.stderr.write(
    "attestkit-solc: the npm package solc is not installed. Install it beside attestkit:\n  npm install --save-dev solc@0.8.30\n",
  );
  process.exit(1);
}

const solc = loadSolc();
const args = process.argv.slice(2);
if (args.includes("--version")) {
  console.log("solc, the solidity compiler commandline interface");
  // forge reads a native build's version line: the same compiler version, named as a native build.
  console.log(`Version: ${solc.version().replace(/\.Emscripten\.clang$/, ".Linux.g++")}`);
  process.exit(0);
}
const at = args.indexOf("--base-path");
const basePath = at === -1 ? process.cwd() : (args[at + 1] ?? process.cwd());
const findImports = (path) => {
  try {
    return { contents: readFileSync(resolve(basePath, path), "utf8") };
  } catch (error) {
    return { error: String(error) };
  }
};
process.stdout.write(solc.compile(readFileSync(0, "utf8"), { import: findImports }));
