import { secp256k1 } from "@noble/curves/secp256k1.js";
import { describe, expect, test } from "vitest";
import {
  bytes32,
  flipV,
  infinitySignature,
  offCurveSignature,
  recoveryInput,
  type SignedInput,
  signDigest,
} from "../../../../test/support/signatures.js";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import { recoverSignerNoble } from "../attestation/noble/recoverSignerNoble.js";
import { createNobleRecovery } from "./createNobleRecovery.js";

const [keyA, keyB, keyOut] = ["a", "b", "outsider"].map((label) => bytes32(`recovery/${label}`)) as [
  Uint8Array,
  Uint8Array,
  Uint8Array,
];
const addressOf = (key: Uint8Array) => publicKeyToAddress(secp256k1.getPublicKey(key, false));
const [solverA, solverB, outsider] = [keyA, keyB, keyOut].map(addressOf) as [string, string, string];
const allowed = new Set([solverA.toLowerCase(), solverB.toLowerCase()]);
const reference = (input: SignedInput) =>
  recoverSignerNoble({ digest: input.digest, signature: input.signature });
const digests = Array.from({ length: 12 }, (_, i) => bytes32(`recovery/digest/${i}`));

test("default: learns a solver's key once, then confirms its signatures without recovering", () => {
  const recover = createNobleRecovery({ allowed });
  for (const digest of digests) expect(recover(signDigest(digest, keyA))).toBe(solverA);
  expect(recover.stats).toEqual({ recovered: 1, confirmed: 11, rejected: 0 });
});

test("the other v: R'.x matches r but the parity does not, so it falls back to full recovery", () => {
  const recover = createNobleRecovery({ allowed });
  recover(signDigest(digests[0] as Uint8Array, keyA));
  for (const digest of digests.slice(1)) {
    const flipped = flipV(signDigest(digest, keyA));
    const signer = recover(flipped);
    expect(signer).toBe(reference(flipped));
    expect(signer).not.toBe(solverA);
  }
  expect(recover.stats).toEqual({ recovered: 12, confirmed: 0, rejected: 0 });
});

test("two solvers are both learned; a signer not allowed is never cached", () => {
  const recover = createNobleRecovery({ allowed });
  const inputs = digests.flatMap((digest) => [keyA, keyB, keyOut].map((key) => signDigest(digest, key)));
  for (const input of inputs) expect(recover(input)).toBe(reference(input));
  // A and B: one full recovery each; the outsider: every time (after two failed confirmations).
  expect(recover.stats).toEqual({ recovered: 2 + 12, confirmed: 22, rejected: 0 });
  expect(inputs.map((input) => recover(input))).toContain(outsider);
});

test("an allowed solver set that is empty caches nothing", () => {
  const recover = createNobleRecovery({ allowed: new Set() });
  for (const digest of digests.slice(0, 3)) expect(recover(signDigest(digest, keyA))).toBe(solverA);
  expect(recover.stats).toEqual({ recovered: 3, confirmed: 0, rejected: 0 });
});

test("unrecoverable signatures return null, before and after a key is learned", () => {
  const recover = createNobleRecovery({ allowed });
  const digest = digests[0] as Uint8Array;
  expect(() => reference(offCurveSignature(digest))).toThrow("no public key recovers");
  expect(() => reference(infinitySignature(digest))).toThrow("no public key recovers");
  expect(recover(offCurveSignature(digest))).toBeNull();
  recover(signDigest(digest, keyA));
  expect(recover(offCurveSignature(digest))).toBeNull();
  expect(recover(infinitySignature(digest))).toBeNull();
});

test("a smaller window gives the same signers", () => {
  const recover = createNobleRecovery({ allowed, window: 4 });
  for (const digest of digests.slice(0, 4)) {
    const input = signDigest(digest, keyB);
    expect(recover(input)).toBe(solverB);
    expect(recover(flipV(input))).toBe(reference(flipV(input)));
  }
  expect(recover.stats.confirmed).toBe(3);
});

describe("batch: exactly what one at a time gives", () => {
  const many = Array.from({ length: 40 }, (_, i) => bytes32(`recovery/batch/${i}`));

  test("default: a batch of solver, outsider, flipped, off-curve and infinity signatures", () => {
    const inputs = many.flatMap((digest, i) => {
      const a = signDigest(digest, keyA);
      const b = signDigest(digest, keyB);
      const outside = signDigest(digest, keyOut);
      return i % 10 === 0
        ? [a, b, outside, flipV(a), offCurveSignature(digest), infinitySignature(digest)]
        : [a, a, b, outside, flipV(b)];
    });
    const expected = inputs.map((input) => {
      try {
        return reference(input);
      } catch {
        return null;
      }
    });
    expect(expected).toContain(null);
    // Cold (the first signature teaches A's key, B's is learned on the way), then warm.
    const recover = createNobleRecovery({ allowed });
    expect(recover.batch(inputs)).toEqual(expected);
    expect(recover.stats.recovered).toBeGreaterThan(inputs.length / 5);
    const confirmed = recover.stats.confirmed;
    expect(confirmed).toBeGreaterThan(0);
    expect(recover.batch(inputs)).toEqual(expected);
    expect(recover.stats.confirmed - confirmed).toBeGreaterThan(inputs.length / 2);
    // Batches of every size in between, and below the batch threshold.
    for (const size of [1, 7, 8, 33])
      for (let i = 0; i < inputs.length; i += size)
        expect(recover.batch(inputs.slice(i, i + size))).toEqual(expected.slice(i, i + size));
  });

  test("random r and s with either parity, among a solver's signatures: what noble recovers, or null", () => {
    const hex = (value: Uint8Array) => Buffer.from(value).toString("hex");
    // r and s from hashes: about half the r values are no point's x; s is kept at or below n/2.
    const junk = Array.from({ length: 160 }, (_, i) => {
      const digest = bytes32(`recovery/junk/${i}`);
      const r = hex(bytes32(`recovery/junk/r/${i}`));
      const s = (BigInt(`0x${hex(bytes32(`recovery/junk/s/${i}`))}`) >> 2n).toString(16).padStart(64, "0");
      return recoveryInput(digest, `0x${r}${s}${i % 2 === 0 ? "1b" : "1c"}`);
    });
    const inputs = junk.flatMap((input, i) => [input, signDigest(many[i % many.length] as Uint8Array, keyA)]);
    const expected = inputs.map((input) => {
      try {
        return reference(input);
      } catch {
        return null;
      }
    });
    expect(expected.filter((signer) => signer === null).length).toBeGreaterThan(30);
    expect(expected.filter((signer) => signer !== null && signer !== solverA).length).toBeGreaterThan(30);
    const recover = createNobleRecovery({ allowed });
    expect(recover.batch(inputs)).toEqual(expected);
  });

  test("every batch table width gives the same signers", () => {
    const inputs = many.flatMap((digest) => [signDigest(digest, keyA), signDigest(digest, keyOut)]);
    const expected = inputs.map(reference);
    for (const [batchWindow, widenAfter] of [
      [undefined, undefined],
      [8, undefined],
      [10, undefined],
      [12, 0],
      [12, 30],
    ]) {
      const recover = createNobleRecovery({ allowed, batchWindow, widenAfter });
      expect(recover.batch(inputs)).toEqual(expected);
      expect(recover.batch(inputs)).toEqual(expected);
    }
  });

  test("eight solvers, their signatures mixed with each other's on other digests: each confirmed by its own key or recovered", () => {
    const keys = Array.from({ length: 8 }, (_, k) => bytes32(`recovery/eight/${k}`));
    const eight = new Set(keys.map((key) => addressOf(key).toLowerCase()));
    // Each signature checked against a digest of its own (confirmed) or of the next (recovered).
    const inputs = many.flatMap((digest, i) =>
      keys.map((key, k) => {
        const signed = signDigest(digest, key);
        return (i + k) % 10 === 9 ? { ...signed, digest: many[(i + 1) % many.length] as Uint8Array } : signed;
      }),
    );
    const expected = inputs.map((input) =>
      recoverSignerNoble({ digest: input.digest, signature: input.signature }),
    );
    const recover = createNobleRecovery({ allowed: eight });
    expect(recover.batch(inputs)).toEqual(expected);
    const { confirmed, recovered } = recover.stats;
    expect(recover.batch(inputs)).toEqual(expected);
    // Warm: every key learned, so only the signatures over another digest are recovered.
    expect(recover.stats.recovered - recovered).toBe(
      inputs.filter((_, j) => (Math.floor(j / 8) + (j % 8)) % 10 === 9).length,
    );
    expect(recover.stats.confirmed - confirmed).toBe(
      expected.filter((signer) => eight.has(signer.toLowerCase())).length,
    );
  });

  test("a signature whose R is exactly -T (the other parity) is not confirmed, it is recovered", () => {
    const recover = createNobleRecovery({ allowed });
    recover.batch(many.slice(0, 8).map((digest) => signDigest(digest, keyA)));
    const flipped = many.slice(8, 24).map((digest) => flipV(signDigest(digest, keyA)));
    const before = recover.stats.confirmed;
    expect(recover.batch(flipped)).toEqual(flipped.map(reference));
    expect(recover.stats.confirmed).toBe(before);
    expect(recover.batch(flipped)).not.toContain(solverA);
  });
});

describe("batch, verdicts only (signers: false)", () => {
  const many = Array.from({ length: 24 }, (_, i) => bytes32(`recovery/verdicts/${i}`));
  const referenceOrNull = (input: SignedInput) => {
    try {
      return reference(input);
    } catch {
      return null;
    }
  };
  // Solver signatures, an outsider's, flipped ones, another digest's, no point, infinity and its
  // negation (R = -u1 G: recovers, to -2e/r G), and random r and s.
  const mixed = many.flatMap((digest, i) => {
    const a = signDigest(digest, keyA);
    const b = signDigest(digest, keyB);
    const junk = recoveryInput(
      digest,
      `0x${Buffer.from(bytes32(`recovery/verdicts/r/${i}`)).toString("hex")}${(
        BigInt(`0x${Buffer.from(bytes32(`recovery/verdicts/s/${i}`)).toString("hex")}`) >> 2n
      )
        .toString(16)
        .padStart(64, "0")}${i % 2 === 0 ? "1b" : "1c"}`,
    );
    const moved = { ...a, digest: many[(i + 1) % many.length] as Uint8Array };
    return i % 6 === 0
      ? [a, b, offCurveSignature(digest), infinitySignature(digest), flipV(infinitySignature(digest)), junk]
      : [a, b, a, signDigest(digest, keyOut), flipV(b), moved, junk];
  });
  const expected = mixed.map(referenceOrNull);
  // R = -u1 G has the x of u1 G: such an entry goes to noble, and comes back with its signer.
  const negatedInfinity = new Set(
    many.flatMap((digest, i) => (i % 6 === 0 ? [referenceOrNull(flipV(infinitySignature(digest)))] : [])),
  );
  const isAllowed = (signer: string | null) => signer !== null && allowed.has(signer.toLowerCase());

  test("once both solvers' keys are known: allowed signers and null exactly, every other signer false", () => {
    expect(expected.filter((signer) => signer === null).length).toBeGreaterThan(8);
    expect(expected.filter((signer) => signer !== null && !isAllowed(signer)).length).toBeGreaterThan(60);
    const recover = createNobleRecovery({ allowed });
    // Cold: keys are learned on the way, so some signers not allowed may still come back in full.
    const cold = recover.batch(mixed, { signers: false });
    cold.forEach((signer, i) => {
      const want = expected[i] as string | null;
      expect(signer === want || (signer === false && want !== null && !isAllowed(want))).toBe(true);
    });
    const before = { ...recover.stats };
    const warm = recover.batch(mixed, { signers: false });
    expect(warm).toEqual(
      expected.map((signer) =>
        signer === null || isAllowed(signer) || negatedInfinity.has(signer) ? signer : false,
      ),
    );
    expect(negatedInfinity.size).toBe(4);
    expect(recover.stats.rejected - before.rejected).toBe(warm.filter((signer) => signer === false).length);
    // Only the entries whose R has the x of u1 G are recovered in full: infinity and its negation.
    expect(recover.stats.recovered - before.recovered).toBe(
      // The off-curve r values and infinity give null; the negation of infinity an address.
      mixed.filter((_, i) => expected[i] === null).length + many.filter((_, i) => i % 6 === 0).length,
    );
    // Asked for signers, the same recovery gives every one of them.
    expect(recover.batch(mixed)).toEqual(expected);
  });

  test("a solver whose key is never seen: nothing is rejected without its recovery", () => {
    const unseen = new Set([...allowed, addressOf(bytes32("recovery/never")).toLowerCase()]);
    const recover = createNobleRecovery({ allowed: unseen });
    recover.batch(mixed, { signers: false });
    expect(recover.batch(mixed, { signers: false })).toEqual(expected);
    expect(recover.stats.rejected).toBe(0);
  });

  test("no allowed solver: every signer is recovered", () => {
    const recover = createNobleRecovery({ allowed: new Set() });
    expect(recover.batch(mixed, { signers: false })).toEqual(expected);
    expect(recover.stats.rejected).toBe(0);
  });
});
