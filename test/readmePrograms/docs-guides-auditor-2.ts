import { createReadStream } from "node:fs";
import { verifyAttestations } from "attestkit/audit";

const invalid: number[] = [];
const { summary } = await verifyAttestations({
  input: createReadStream("history.jsonl"), // or attestations: an array or any (async) iterable
  solvers: ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"], // the live solver
  onResult: (result, { line }) => {
    if (!result.valid) invalid.push(line ?? -1); // nothing is kept unless you keep it
  },
});
console.log(summary, `invalid lines: ${invalid.join(", ") || "none"}`);
