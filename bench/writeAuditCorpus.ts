// A large audit input for the benches, written as a stream (bounded memory) and kept in the
// system's temporary folder between runs: a million signatures take a minute to make.
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { encodeAttestationNoble } from "../packages/attestkit/src/attestation/noble/encodeAttestationNoble.js";
import { personalDigest } from "../packages/attestkit/src/attestation/noble/personalDigest.js";
import { benchSolverKey } from "./buildSignedAttestations.js";

type NativeSign = {
  ecdsaSign: (message: Uint8Array, key: Uint8Array) => { signature: Uint8Array; recid: number };
};

// Bumped whenever the entries change, so a stale file is never reused.
const corpusVersion = 1;
const key = Buffer.from(benchSolverKey.slice(2), "hex");

/** The key of solver k of a corpus with several (solver 0 is the bench solver). */
export function corpusSolverKey(k: number): Uint8Array {
  return k === 0 ? key : Uint8Array.from(keccak_256(new TextEncoder().encode(`attestkit/bench/solver/${k}`)));
}

/**
 * The same entries as `buildSignedAttestations` makes (a tenth with a tampered amount), faster;
 * with several solver keys, each entry signed by one of them, drawn from the entry's number.
 */
function* entries(count: number, keys: number): Generator<string> {
  const signers = Array.from({ length: keys }, (_, k) => corpusSolverKey(k));
  let native: NativeSign | undefined;
  try {
    native = createRequire(import.meta.url)("secp256k1/bindings") as NativeSign;
  } catch {}
  const word = (i: number, label: string) => createHash("sha256").update(`${label}/${i}`).digest("hex");
  for (let i = 0; i < count; i++) {
    const address = (label: string) => `0x${word(i, label).slice(24)}`;
    const requestId = `0x${word(i, "request")}`;
    const requestData = {
      originChainId: 1 + (i % 5),
      originUser: address("user"),
      originCurrency: i % 3 === 0 ? "0x0000000000000000000000000000000000000000" : address("currency"),
      originAmount: BigInt(`0x${word(i, "amount")}`)
        .toString()
        .slice(0, 1 + (i % 30)),
      destinationChainId: 8453,
      destinationUser: address("recipient"),
    };
    const digest = personalDigest(keccak_256(encodeAttestationNoble({ requestId, requestData }).encoded));
    const signer = signers[
      keys === 1 ? 0 : Number.parseInt(word(i, "solver").slice(0, 8), 16) % keys
    ] as Uint8Array;
    let rs: Uint8Array;
    let recovery: number;
    if (native) {
      const signed = native.ecdsaSign(digest, signer);
      rs = signed.signature;
      recovery = signed.recid;
    } else {
      const signed = secp256k1.sign(digest, signer, { prehash: false, format: "recovered" });
      rs = signed.subarray(1);
      recovery = signed[0] as number;
    }
    const signature = `0x${Buffer.from(rs).toString("hex")}${(27 + recovery).toString(16)}`;
    if (i % 10 === 9) requestData.originAmount = (BigInt(requestData.originAmount) + 1n).toString();
    yield JSON.stringify({ requestId, requestData, signature });
  }
}

/**
 * Returns the path of a JSON Lines (or JSON array) file of `count` bench attestations, signed by
 * `keys` solvers (default 1: the bench solver), writing it first unless an earlier run left it.
 */
export async function writeAuditCorpus({
  count,
  format = "jsonl",
  keys = 1,
}: {
  count: number;
  format?: "jsonl" | "array";
  keys?: number;
}): Promise<{ path: string; bytes: number; writtenMs: number | undefined }> {
  const dir = join(tmpdir(), "attestkit-bench");
  mkdirSync(dir, { recursive: true });
  const name = `audit-v${corpusVersion}-${count}${keys === 1 ? "" : `-k${keys}`}`;
  const path = join(dir, `${name}.${format === "jsonl" ? "jsonl" : "json"}`);
  if (existsSync(path)) return { path, bytes: statSync(path).size, writtenMs: undefined };
  const started = performance.now();
  const partial = `${path}.${process.pid}.partial`;
  const out = createWriteStream(partial);
  const write = (text: string) =>
    out.write(text) ? undefined : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  let buffer = format === "array" ? "[\n" : "";
  let i = 0;
  for (const line of entries(count, keys)) {
    buffer += format === "array" ? `${i++ === 0 ? "" : ",\n"}${line}` : `${line}\n`;
    if (buffer.length > 1 << 20) {
      await write(buffer);
      buffer = "";
    }
  }
  await write(`${buffer}${format === "array" ? "\n]\n" : ""}`);
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  renameSync(partial, path);
  return { path, bytes: statSync(path).size, writtenMs: Math.round(performance.now() - started) };
}
