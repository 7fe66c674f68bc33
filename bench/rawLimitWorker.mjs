// The work no audit can skip, on bytes already parsed: keccak256 of the encoded tuple, the EIP-191
// digest (keccak256 again), libsecp256k1's recovery. Started by the audit bench, one per thread:
// it takes { encoded (224 bytes each), rs (64 bytes each), parity (1 byte each), rounds } and
// answers { count, ms, cpuMicros } (cpuMicros: this thread's CPU time) once it has recovered every
// signer `rounds` times.
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { keccak_256 } from "@noble/hashes/sha3.js";

const native = createRequire(import.meta.url)("secp256k1/bindings");
const prefix = new TextEncoder().encode("\x19Ethereum Signed Message:\n32");

parentPort.once("message", ({ encoded, rs, parity, rounds }) => {
  const count = parity.length;
  const message = new Uint8Array(prefix.length + 32);
  message.set(prefix);
  let recovered = 0;
  const started = performance.now();
  const cpu = process.threadCpuUsage();
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < count; i++) {
      message.set(keccak_256(encoded.subarray(224 * i, 224 * i + 224)), prefix.length);
      const digest = keccak_256(message);
      try {
        native.ecdsaRecover(rs.subarray(64 * i, 64 * i + 64), parity[i], digest, false);
        recovered++;
      } catch {}
    }
  const { user, system } = process.threadCpuUsage(cpu);
  parentPort.postMessage({
    count: count * rounds,
    recovered,
    ms: performance.now() - started,
    cpuMicros: user + system,
  });
});
