// Foundry's cast as an outside implementation: on seeded random attestations (v1 and v2), cast's
// abi-encode, keccak and wallet sign / verify must give exactly what attestkit gives (the tuple's
// bytes, its hash, the solver's EIP-191 signature over the 32 raw bytes, and its verdict).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { bytesToHex, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { encodeAttestation } from "../../packages/attestkit/src/attestation/encodeAttestation.js";
import { hashAttestation } from "../../packages/attestkit/src/attestation/hashAttestation.js";
import { verifyAttestation } from "../../packages/attestkit/src/attestation/verifyAttestation.js";
import { SeededRng } from "../support/corpus/SeededRng.js";

/**
 * cast itself: the platform package's binary, as the npm launcher (`node_modules/.bin/cast`) would
 * run it, but without starting Node for each of the sixty-odd calls below; the launcher elsewhere.
 */
const cast = (() => {
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  try {
    return createRequire(import.meta.url).resolve(`@foundry-rs/cast-${process.platform}-${arch}/bin/cast`);
  } catch {
    return fileURLToPath(new URL("../../node_modules/.bin/cast", import.meta.url));
  }
})();
const liveAttestation = (await import("../vectors/live-attestation.json", { with: { type: "json" } }))
  .default;

/** Runs cast and returns its trimmed stdout; a failure fails the test with what cast printed. */
function castOut(...args: string[]): string {
  const result = spawnSync(cast, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`cast ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

const rng = new SeededRng(20261127);
const hex = (length: number) => bytesToHex(rng.bytes(length));
/** A chain id word as the layout rule wants it (at most 2^53 - 1) and an EVM account above it. */
const chainId = () => 1 + rng.int(2 ** 31);
const address = () => getAddress(hex(20));

type Case = { version: "v1" | "v2"; requestId: Hex; requestData: Record<string, unknown>; key: Hex };
const cases: Case[] = Array.from({ length: 12 }, (_, i) => {
  const version = i % 3 === 2 ? "v2" : "v1";
  const common = {
    originChainId: chainId(),
    originUser: address(),
    originCurrency: rng.chance(0.5) ? "0x0000000000000000000000000000000000000000" : address(),
    destinationChainId: chainId(),
    destinationUser: address(),
  };
  return {
    version,
    requestId: hex(32),
    requestData:
      version === "v1"
        ? { ...common, originAmount: rng.bigint(rng.chance(0.5) ? 64 : 255).toString() }
        : { ...common, destinationCurrency: address() },
    key: hex(32),
  };
});

const types = (version: "v1" | "v2") =>
  version === "v1"
    ? "f(bytes32,uint256,bytes32,bytes32,uint256,uint256,bytes32)"
    : "f(bytes32,uint256,bytes32,bytes32,uint256,bytes32,bytes32)";
/** The seven words as cast abi-encode takes them: addresses left-padded to bytes32. */
const castArgs = ({ version, requestId, requestData: d }: Case) => {
  const word = (value: unknown) => `0x${(value as string).slice(2).toLowerCase().padStart(64, "0")}`;
  const head = [requestId, String(d.originChainId), word(d.originUser), word(d.originCurrency)];
  return version === "v1"
    ? [...head, String(d.originAmount), String(d.destinationChainId), word(d.destinationUser)]
    : [...head, String(d.destinationChainId), word(d.destinationUser), word(d.destinationCurrency)];
};

describe.each(cases.map((c, i) => [i, c.version, c] as const))("case %i (%s)", (_, __, c) => {
  const { version, requestId, requestData } = c;
  const encoded = encodeAttestation({ version, requestId, requestData } as never);
  const hash = hashAttestation({ version, requestId, requestData } as never);

  test("cast abi-encode and cast keccak give the same bytes and hash", () => {
    expect(castOut("abi-encode", types(version), ...castArgs(c))).toBe(encoded);
    expect(castOut("keccak", encoded)).toBe(hash);
  });

  test("cast wallet sign is the solver's signature; attestkit and cast wallet verify accept it", async () => {
    const solver = privateKeyToAccount(c.key);
    const signature = castOut("wallet", "sign", "--private-key", c.key, hash) as Hex;
    // RFC 6979: the same key and digest give the same signature in both.
    expect(signature).toBe(await solver.signMessage({ message: { raw: hash } }));
    const verdict = await verifyAttestation({
      version,
      requestId,
      requestData: requestData as never,
      signature,
      solvers: [solver.address],
    });
    expect(verdict).toMatchObject({ valid: true, signer: solver.address });
    expect(castOut("wallet", "verify", "--address", solver.address, hash, signature)).toMatch(/succeeded/i);
    // Another address: cast refuses too (cast 1.7.1 says so on stderr, with exit code 0).
    const other = spawnSync(cast, ["wallet", "verify", "--address", address(), hash, signature], {
      encoding: "utf8",
    });
    expect(`${other.stdout}${other.stderr}`).toMatch(/did not sign/);
    expect(other.stdout).not.toMatch(/succeeded/i);
  });
});

test("cast reproduces the live service's attestation: its hash, and its signer the live solver", () => {
  const { requestId, requestData, signature } = liveAttestation as {
    requestId: Hex;
    requestData: Record<string, unknown>;
    signature: Hex;
  };
  const hash = hashAttestation({ requestId, requestData } as never);
  expect(castOut("keccak", encodeAttestation({ requestId, requestData } as never))).toBe(hash);
  expect(
    castOut("wallet", "verify", "--address", "0xf70da97812cb96acdf810712aa562db8dfa3dbef", hash, signature),
  ).toMatch(/succeeded/i);
});
