import { verifyAttestation } from "attestkit";
import { createClient } from "attestkit/client";
import { verifyAttestationNoble } from "attestkit/noble"; // the second, independent implementation

const client = createClient({ network: "mainnet" });
const requestId = process.argv[2] ?? ""; // a request id of the live service
const { requestData, signature } = await client.getAttestation({ requestId });
// `solvers` defaults to the live solver; a devnet's is `(await client.getDevnetInfo()).solver.address`.
const { valid, signer, hash, digest, reason } = await verifyAttestation({ requestId, requestData, signature });
const noble = verifyAttestationNoble({ requestId, requestData, signature });
if (noble.valid !== valid || noble.digest !== digest) throw new Error("the two verifiers disagree");
console.log(valid ? `VALID: ${hash} signed by ${signer}` : `INVALID: ${reason} (signed by ${signer})`);
