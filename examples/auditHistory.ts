/**
 * Bulk audit: verify a whole history (JSON Lines, one {requestId, requestData, signature} per line)
 * against one solver set, streamed, over worker threads.
 *
 *   HISTORY=history.jsonl SOLVER=0x... npx tsx examples/auditHistory.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (viem is attestkit's peer).
 *
 * Environment (read when run, not when imported):
 *   HISTORY   path of the history file (default history.jsonl; `attestkit collect` writes one)
 *   SOLVER    the solver address every entry must be signed by (default the live solver,
 *             0xf70da97812cb96acdf810712aa562db8dfa3dbef)
 * Files: the history file (HISTORY), read as a stream.
 */

import { createReadStream } from "node:fs";
import { pathToFileURL } from "node:url";
import { verifyAttestations } from "attestkit/audit";

export async function main({ file, solvers }: { file: string; solvers: string[] }) {
  const invalid: number[] = [];
  const { summary } = await verifyAttestations({
    input: createReadStream(file), // or attestations: an array or any (async) iterable
    solvers,
    onResult: (result, { line }) => {
      if (!result.valid) invalid.push(line ?? -1); // nothing is kept unless you keep it
    },
  });
  return { summary, invalid };
}

// Runs when started (npx tsx examples/auditHistory.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const solver = process.env.SOLVER ?? "0xf70da97812cb96acdf810712aa562db8dfa3dbef"; // the live solver
  console.log(await main({ file: process.env.HISTORY ?? "history.jsonl", solvers: [solver] }));
}
