/**
 * Writes test/vectors/attestations.json: attestation test vectors from fixed keys, with every
 * intermediate value and the expected verdict. The TypeScript verifiers and the Solidity verifier
 * are all tested against this one file, which is how off-chain and onchain are kept equal.
 *
 * Usage: npm run vectors            (rewrites the file)
 *        npm run vectors -- --check (exits 1 if the file is out of date)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildVectors } from "../test/vectors/buildVectors.js";

const path = fileURLToPath(new URL("../test/vectors/attestations.json", import.meta.url));
const text = `${JSON.stringify(await buildVectors(), null, 2)}\n`;

if (process.argv.includes("--check")) {
  const current = readFileSync(path, "utf8");
  if (current !== text) {
    console.error("test/vectors/attestations.json is out of date: run `npm run vectors`.");
    process.exit(1);
  }
  console.log("test/vectors/attestations.json is up to date.");
} else {
  writeFileSync(path, text);
  const { vectors } = JSON.parse(text) as { vectors: unknown[] };
  console.log(`wrote ${vectors.length} vectors to test/vectors/attestations.json`);
}
