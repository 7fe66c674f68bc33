import { numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { liveAttestation, testAddress, testKey } from "../../../../test/support/fixtures.js";
import { hashAttestation } from "./hashAttestation.js";
import { recoverAttestationSigner } from "./recoverAttestationSigner.js";

test("default: the live attestation recovers to the live solver", async () => {
  expect(await recoverAttestationSigner(liveAttestation)).toBe("0xf70da97812CB96acDF810712Aa562db8dfA3dbEF");
});

test("from a precomputed hash", async () => {
  const hash = hashAttestation(liveAttestation);
  expect(await recoverAttestationSigner({ hash, signature: liveAttestation.signature })).toBe(
    "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
  );
});

test("a known account's personal-sign over the hash bytes", async () => {
  const account = privateKeyToAccount(testKey);
  const hash = hashAttestation(liveAttestation);
  const signature = await account.signMessage({ message: { raw: hash } });
  expect(await recoverAttestationSigner({ hash, signature })).toBe(testAddress);
});

test("v as 0/1 recovers the same signer as 27/28", async () => {
  const sig = liveAttestation.signature;
  const zeroV = `${sig.slice(0, -2)}00`;
  expect(await recoverAttestationSigner({ ...liveAttestation, signature: zeroV })).toBe(
    "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
  );
});

test("flipped v recovers someone else", async () => {
  const sig = liveAttestation.signature;
  const other = await recoverAttestationSigner({ ...liveAttestation, signature: `${sig.slice(0, -2)}1c` });
  expect(other).not.toBe("0xf70da97812CB96acDF810712Aa562db8dfA3dbEF");
});

test("an r that is not on the curve is unrecoverable", async () => {
  // x = 5 has no point on secp256k1 (5^3 + 7 = 132 is not a square mod p).
  const signature = `0x${numberToHex(5n, { size: 32 }).slice(2)}${liveAttestation.signature.slice(66)}`;
  await expect(recoverAttestationSigner({ ...liveAttestation, signature })).rejects.toThrow(
    expect.objectContaining({ name: "InvalidSignatureError", reason: "unrecoverable" }),
  );
});
