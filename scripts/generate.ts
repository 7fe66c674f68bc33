/**
 * The one generator of the repository: every generated file, rendered from its sources.
 *
 * - `contracts`: the order walker of `contracts/libraries/OrderLib.sol` (its last section,
 *   `hashWithTerms` written out member by member from the EIP-712 types), then, from a fresh Hardhat
 *   build, `packages/attestkit/src/contracts/` (the public contracts' ABIs and bytecodes, the package's
 *   `attestkit/contracts`), `packages/devnet/src/contracts/` (the devnet's tokens and deposit
 *   address factory) and `test/support/generated/` (test doubles);
 * - `vectors`: `test/vectors/attestations.json` and `test/vectors/orders.json` (the shared vectors,
 *   from fixed keys) and their Solidity constants under `test/solidity/generated/`;
 * - `docs`: `docs/cli.md` (every command's help, from the commander program) and `docs/solidity.md`
 *   (the contracts' NatSpec, from solc's syntax tree);
 * - `engine`: `packages/attestkit/src/audit/internal/multiplyLimbs.ts` (the noble engine's field multiplication,
 *   written out in full).
 *
 * Usage: npm run generate                 (writes whatever is out of date)
 *        npm run generate -- --check      (writes nothing; exits 1 and names every stale file)
 *        npm run generate -- vectors      (one group; `contracts`, `vectors`, `docs` or `engine`)
 *
 * The tests run the same check (test/generated.test.ts).
 */
import { fileURLToPath } from "node:url";
import { checkGeneratedFiles, type GeneratedGroup, writeGeneratedFiles } from "./generate/generatedFiles.js";

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const known: GeneratedGroup[] = ["contracts", "vectors", "docs", "engine"];
  const named = args.filter((arg) => !arg.startsWith("--"));
  for (const name of named)
    if (!known.includes(name as GeneratedGroup)) {
      console.error(`unknown group "${name}": use ${known.join(" or ")}`);
      process.exit(2);
    }
  const groups = named.length > 0 ? (named as GeneratedGroup[]) : known;

  // Always from the default build profile (the one `npx hardhat build` and the tests use).
  process.env.HARDHAT_DISABLE_TELEMETRY = "true";
  const hre = (await import("hardhat")).default;
  await hre.tasks.getTask("build").run({ quiet: true });

  if (check) {
    const stale = await checkGeneratedFiles({ groups });
    for (const path of stale) console.error(`${path} is out of date: run \`npm run generate\`.`);
    if (stale.length > 0) process.exit(1);
    console.log(`every generated file is up to date (${groups.join(", ")}).`);
  } else {
    const written = await writeGeneratedFiles(groups);
    console.log(written.length > 0 ? `wrote ${written.join(", ")}` : "every generated file was up to date.");
  }
}
