/**
 * Writes test/vectors/attestations.json and test/vectors/orders.json: attestation and order test
 * vectors from fixed keys, with every intermediate value and the expected verdict. The TypeScript
 * verifiers and the Solidity verifiers are all tested against these files, which is how off-chain
 * and onchain are kept equal.
 *
 * Usage: npm run vectors            (rewrites the files)
 *        npm run vectors -- --check (exits 1 if a file is out of date)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildOrderVectors } from "../test/vectors/buildOrderVectors.js";
import { buildVectors } from "../test/vectors/buildVectors.js";

const files: [name: string, build: () => Promise<unknown>][] = [
  ["attestations.json", buildVectors],
  ["orders.json", buildOrderVectors],
];

let stale = false;
for (const [name, build] of files) {
  const path = fileURLToPath(new URL(`../test/vectors/${name}`, import.meta.url));
  const text = `${JSON.stringify(await build(), null, 2)}\n`;
  if (process.argv.includes("--check")) {
    if (readFileSync(path, "utf8") !== text) {
      console.error(`test/vectors/${name} is out of date: run \`npm run vectors\`.`);
      stale = true;
    } else console.log(`test/vectors/${name} is up to date.`);
  } else {
    writeFileSync(path, text);
    const { vectors } = JSON.parse(text) as { vectors: unknown[] };
    console.log(`wrote ${vectors.length} vectors to test/vectors/${name}`);
  }
}
if (stale) process.exit(1);
