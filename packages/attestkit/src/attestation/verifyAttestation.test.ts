import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { liveAttestation, testAddress, testKey } from "../../../../test/support/fixtures.js";
import { hashAttestation } from "./hashAttestation.js";
import { verifyAttestation } from "./verifyAttestation.js";

const solver = "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF";

test("default: the live attestation is valid for the live solver", async () => {
  const result = await verifyAttestation(liveAttestation);
  expect(result).toEqual({
    valid: true,
    signer: solver,
    encoded: expect.stringMatching(/^0x[0-9a-f]{448}$/),
    hash: "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c",
    digest: "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
  });
});

test.each([
  ["originChainId", 10],
  ["originUser", "0x1111111111111111111111111111111111111111"],
  ["originCurrency", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"],
  ["originAmount", "700000000000000001"],
  ["originAmount", "699999999999999999"],
  ["destinationChainId", 7777778],
  ["destinationUser", "0x1111111111111111111111111111111111111111"],
])("tampering with %s makes it invalid (signer-not-allowed)", async (field, value) => {
  const result = await verifyAttestation({
    ...liveAttestation,
    requestData: { ...liveAttestation.requestData, [field]: value },
  });
  expect(result.valid).toBe(false);
  expect(result.reason).toBe("signer-not-allowed");
  expect(result.signer).not.toBe(solver);
});

test("tampering with the request id makes it invalid", async () => {
  const requestId = `${liveAttestation.requestId.slice(0, -1)}b`;
  expect(await verifyAttestation({ ...liveAttestation, requestId })).toMatchObject({
    valid: false,
    reason: "signer-not-allowed",
  });
});

test("a custom solver set replaces the default", async () => {
  const account = privateKeyToAccount(testKey);
  const signature = await account.signMessage({ message: { raw: hashAttestation(liveAttestation) } });
  expect(await verifyAttestation({ ...liveAttestation, signature })).toMatchObject({
    valid: false,
    signer: testAddress,
    reason: "signer-not-allowed",
  });
  expect(
    await verifyAttestation({ ...liveAttestation, signature, solvers: [testAddress.toLowerCase()] }),
  ).toMatchObject({
    valid: true,
    signer: testAddress,
  });
  expect(await verifyAttestation({ ...liveAttestation, signature, solvers: [] })).toMatchObject({
    valid: false,
  });
});

test("rule violations are verdicts with a reason, not throws", async () => {
  const sig = liveAttestation.signature;
  expect(await verifyAttestation({ ...liveAttestation, signature: `${sig.slice(0, -2)}1d` })).toMatchObject({
    valid: false,
    signer: null,
    reason: "invalid-v",
  });
  const highS = (
    0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n - BigInt(`0x${sig.slice(66, 130)}`)
  )
    .toString(16)
    .padStart(64, "0");
  const twin = `0x${sig.slice(2, 66)}${highS}1c`;
  expect(await verifyAttestation({ ...liveAttestation, signature: twin })).toMatchObject({
    valid: false,
    signer: null,
    reason: "high-s",
  });
  expect(await verifyAttestation({ ...liveAttestation, signature: `0x${"00".repeat(64)}1b` })).toMatchObject({
    valid: false,
    reason: "invalid-r",
  });
});

test("the zero hash and intermediate values are still reported on a bad signature", async () => {
  const result = await verifyAttestation({ ...liveAttestation, signature: `0x${"00".repeat(65)}` });
  expect(result.hash).toBe("0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c");
});

test("malformed input throws and names the field", async () => {
  await expect(
    verifyAttestation({ ...liveAttestation, signature: liveAttestation.signature.slice(0, -2) }),
  ).rejects.toThrow(expect.objectContaining({ name: "InvalidSignatureLengthError", length: 64 }));
  await expect(
    verifyAttestation({ ...liveAttestation, signature: `${liveAttestation.signature}00` }),
  ).rejects.toThrow(expect.objectContaining({ name: "InvalidSignatureLengthError", length: 66 }));
  await expect(
    verifyAttestation({
      ...liveAttestation,
      requestData: { ...liveAttestation.requestData, originAmount: "1.5" },
    }),
  ).rejects.toThrow(expect.objectContaining({ name: "InvalidAmountError", field: "originAmount" }));
  await expect(verifyAttestation({ ...liveAttestation, solvers: ["0x1234"] })).rejects.toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "solvers[0]" }),
  );
});

test("v2 verification uses the v2 tuple", async () => {
  const account = privateKeyToAccount(testKey);
  const requestData = {
    ...liveAttestation.requestData,
    destinationCurrency: "0x0000000000000000000000000000000000000000",
  };
  const hash = hashAttestation({ ...liveAttestation, requestData, version: "v2" });
  const signature = await account.signMessage({ message: { raw: hash } });
  const solvers = [testAddress];
  expect(
    await verifyAttestation({ ...liveAttestation, requestData, signature, solvers, version: "v2" }),
  ).toMatchObject({
    valid: true,
  });
  // The same signature is not a valid v1 attestation.
  expect(await verifyAttestation({ ...liveAttestation, requestData, signature, solvers })).toMatchObject({
    valid: false,
  });
  // v2 ignores the amount entirely.
  const otherAmount = { ...requestData, originAmount: "1" };
  expect(
    await verifyAttestation({
      ...liveAttestation,
      requestData: otherAmount,
      signature,
      solvers,
      version: "v2",
    }),
  ).toMatchObject({ valid: true });
});

describe("layout rule: no signature verifies as both v1 and v2", () => {
  const account = privateKeyToAccount(testKey);
  const user = "0x5B38Da6a701c568545dCfcB03FcB875f56beddC4";
  const usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  const requestId = `0x${"4e".repeat(32)}` as const;

  test("a v1 signature (1,000,000 units to chain 8453) read as a v2 record is refused", async () => {
    const v1 = {
      requestId,
      requestData: {
        originChainId: 8453,
        originUser: user,
        originCurrency: usdc,
        originAmount: "1000000",
        destinationChainId: 8453,
        destinationUser: user,
      },
    };
    const signature = await account.signMessage({ message: { raw: hashAttestation(v1) } });
    expect((await verifyAttestation({ ...v1, signature, solvers: [testAddress] })).valid).toBe(true);
    const asV2 = {
      requestId,
      version: "v2" as const,
      signature,
      solvers: [testAddress],
      requestData: {
        originChainId: 8453,
        originUser: user,
        originCurrency: usdc,
        destinationChainId: 1000000,
        destinationUser: "0x0000000000000000000000000000000000002105",
        destinationCurrency: user,
      },
    };
    // The same 224 bytes (hashAttestation itself refuses to build them): without the rule this
    // would be a valid "v2 record" for destination chain 1,000,000.
    expect(() => hashAttestation(asV2)).toThrow(
      expect.objectContaining({ name: "AccountWordOutOfRangeError" }),
    );
    await expect(verifyAttestation(asV2)).rejects.toThrow(
      expect.objectContaining({ name: "AccountWordOutOfRangeError", field: "destinationUser" }),
    );
  });

  test("a v2 signature read as a v1 record (dust amount 8453) is refused", async () => {
    const v2 = {
      requestId,
      version: "v2" as const,
      requestData: {
        originChainId: 8453,
        originUser: user,
        originCurrency: "0x0000000000000000000000000000000000000000",
        destinationChainId: 8453,
        destinationUser: user,
        destinationCurrency: usdc,
      },
    };
    const signature = await account.signMessage({ message: { raw: hashAttestation(v2) } });
    expect((await verifyAttestation({ ...v2, signature, solvers: [testAddress] })).valid).toBe(true);
    const asV1 = {
      requestId,
      signature,
      solvers: [testAddress],
      requestData: {
        originChainId: 8453,
        originUser: user,
        originCurrency: "0x0000000000000000000000000000000000000000",
        originAmount: "8453",
        destinationChainId: BigInt(user).toString(),
        destinationUser: usdc,
      },
    };
    await expect(verifyAttestation(asV1)).rejects.toThrow(
      expect.objectContaining({ name: "InvalidChainIdError", field: "destinationChainId" }),
    );
  });

  test("chain id 2^53 - 1 is accepted, 2^53 is not; an account word of 2^53 is, 2^53 - 1 is not", async () => {
    const base = {
      requestId,
      requestData: {
        originChainId: 1,
        originUser: user,
        originCurrency: usdc,
        originAmount: "1",
        destinationChainId: "9007199254740991",
        destinationUser: user,
      },
    };
    const signature = await account.signMessage({ message: { raw: hashAttestation(base) } });
    expect((await verifyAttestation({ ...base, signature, solvers: [testAddress] })).valid).toBe(true);
    const over = {
      ...base,
      signature,
      requestData: { ...base.requestData, destinationChainId: "9007199254740992" },
    };
    await expect(verifyAttestation(over)).rejects.toThrow(
      expect.objectContaining({ name: "InvalidChainIdError" }),
    );
    const at = (destinationUser: string) => ({
      ...base,
      signature,
      requestData: { ...base.requestData, destinationUser },
    });
    await expect(verifyAttestation(at("0x000000000000000000000000001fffffffffffff"))).rejects.toThrow(
      expect.objectContaining({ name: "AccountWordOutOfRangeError" }),
    );
    expect((await verifyAttestation(at("0x0000000000000000000000000020000000000000"))).reason).toBe(
      "signer-not-allowed",
    );
  });
});
