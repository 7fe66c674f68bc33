import { appendFileSync } from "node:fs";
import { createClient } from "attestkit/client";
import { collectAttestations } from "attestkit/collect";

const client = createClient({ network: "mainnet", apiKey: process.env.ATTESTKIT_API_KEY });
const done = new Set<string>(); // what an earlier run wrote, to resume
for await (const item of collectAttestations(client, {
  filters: { user: "0xf70da97812cb96acdf810712aa562db8dfa3dbef", startTimestamp: 1735689600 },
  ratePerSecond: 3,
  concurrency: 4,
  have: (requestId) => done.has(requestId),
  onProgress: ({ collected, total }) => console.error(`${collected} of ${total ?? "?"}`),
})) {
  if (item.type === "unavailable") continue; // no attestation for this request
  appendFileSync("history.jsonl", `${JSON.stringify(item.attestation)}\n`);
  done.add(item.attestation.requestId);
}
