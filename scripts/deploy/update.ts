/**
 * Updates a deployed receiver's solvers, whitelist and switches from an update file, sent by the
 * network's first account (the owner).
 *
 *   ATTESTKIT_UPDATE_PARAMS=path/to/update.json npx hardhat run --network localhost scripts/deploy/update.ts
 *
 * See packages/attestkit/deploy/update.example.json. The receiver must have code on the chain (a restarted local
 * node holds none: deploy again first). The last line printed is the JSON of the applied actions.
 */
import { readFileSync } from "node:fs";
import { network } from "hardhat";
import { reportFailure } from "./reportFailure.js";
import { parseReceiverUpdate, updateReceiver } from "./updateReceiver.js";

const path = process.env.ATTESTKIT_UPDATE_PARAMS;
if (!path) {
  console.error(
    "error: set ATTESTKIT_UPDATE_PARAMS to the update file (see packages/attestkit/deploy/update.example.json).",
  );
  process.exit(2);
}
const update = parseReceiverUpdate(JSON.parse(readFileSync(path, "utf8")));
const connection = await network.create();
try {
  const done = await updateReceiver({ connection, update });
  for (const { action, hash } of done) console.log(`  ${action.padEnd(22)} ${hash}`);
  console.log(JSON.stringify(done));
} catch (error) {
  reportFailure(error);
} finally {
  await connection.close();
}
