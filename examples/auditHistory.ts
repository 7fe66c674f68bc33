/**
 * Bulk audit: verify a whole history (JSON Lines, one {requestId, requestData, signature} per line)
 * against one solver set, streamed, over worker threads.
 *
 *   npx attestkit devnet &
 *   npx tsx examples/auditHistory.ts                                    # the devnet's newest requests
 *   HISTORY=history.jsonl SOLVER=0x... npx tsx examples/auditHistory.ts  # a saved history
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (viem is attestkit's peer), and `npm install --save-dev @attestkit/devnet`
 * (Node.js >= 22.13) for the devnet.
 *
 * Environment (read when run, not when imported):
 *   HISTORY         path of the history file, `attestkit collect` writes one (default none: the
 *                   newest 50 requests of the devnet at ATTESTKIT_API, `GET /requests/v2`, each
 *                   with its attestation)
 *   SOLVER          the solver address every entry must be signed by (default the devnet's solver
 *                   without HISTORY; with it, the live solver, 0xf70da97812cb96acdf810712aa562db8dfa3dbef)
 *   ATTESTKIT_API   base URL of the devnet, read only without HISTORY (default http://127.0.0.1:8787)
 * Files: the history file (HISTORY), read as a stream, when given.
 */

import { createReadStream } from "node:fs";
import { pathToFileURL } from "node:url";
import { type AuditAttestation, verifyAttestations } from "attestkit/audit";
import { createClient } from "attestkit/client";

/** Verifies a history file (`file`) or any (async) iterable of attestations (`attestations`). */
export async function main({
  file,
  attestations,
  solvers,
}: {
  file?: string;
  attestations?: AsyncIterable<AuditAttestation>;
  solvers: string[];
}) {
  const invalid: number[] = [];
  const { summary } = await verifyAttestations({
    ...(file ? { input: createReadStream(file) } : { attestations: attestations ?? [] }),
    solvers,
    onResult: (result, { line }) => {
      if (!result.valid) invalid.push(line ?? -1); // nothing is kept unless you keep it
    },
  });
  return { summary, invalid };
}

/** The newest 50 requests of the devnet at `api` (`GET /requests/v2`), each with its attestation. */
async function* devnetHistory(api: string): AsyncIterable<AuditAttestation> {
  const client = createClient({ network: { baseUrl: api } });
  const { requests } = await client.getRequestsV2({ limit: 50 }); // no API key needed
  for (const { id: requestId } of requests) {
    const { requestData, signature } = await client.getAttestation({ requestId });
    yield { requestId, requestData, signature };
  }
}

// Runs when started (npx tsx examples/auditHistory.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.env.HISTORY;
  const api = process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787";
  const solver =
    process.env.SOLVER ??
    (file
      ? "0xf70da97812cb96acdf810712aa562db8dfa3dbef" // the live solver
      : (await createClient({ network: { baseUrl: api } }).getDevnetInfo()).solver.address);
  console.log(await main({ ...(file ? { file } : { attestations: devnetHistory(api) }), solvers: [solver] }));
}
