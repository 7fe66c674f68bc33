/**
 * The main demonstration: verifies a genuine attestation of the live service (from its public
 * documentation) and shows every intermediate value, then shows a tampered copy being rejected.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../src/cli/createProgram.js";
import { processIo } from "../src/cli/io.js";

const livePath = fileURLToPath(new URL("../test/vectors/live-attestation.json", import.meta.url));
const io = { ...processIo, exit: () => {} };

console.log("== A genuine attestation, signed by the live solver ==\n");
const genuine = await runCli(["verify", "--file", livePath], io);
console.log(`\nexit code ${genuine} (0 = valid)\n`);

console.log("== The same attestation with originAmount raised by 1 wei ==\n");
const live = JSON.parse(readFileSync(livePath, "utf8"));
const tampered = {
  ...live,
  requestData: { ...live.requestData, originAmount: (BigInt(live.requestData.originAmount) + 1n).toString() },
};
const tamperedPath = join(mkdtempSync(join(tmpdir(), "attestkit-demo-")), "tampered.json");
writeFileSync(tamperedPath, JSON.stringify(tampered));
const rejected = await runCli(["verify", "--file", tamperedPath], io);
console.log(
  `\nexit code ${rejected} (1 = well-formed but not signed by the solver: the amount is not what was attested)`,
);

process.exitCode = genuine === 0 && rejected === 1 ? 0 : 1;
