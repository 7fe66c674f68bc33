import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { limbs, limbsFromBigInt } from "./fieldLimbs.js";
import { N, P } from "./fieldP.js";
import {
  addPoints,
  addTerms,
  createPointBatch,
  createPointTerms,
  doubleAll,
  empty,
  failed,
  type PointTerms,
  pointAt,
  present,
  setPoint,
} from "./pointBatch.js";

const { Point } = secp256k1;
const scalars = [1n, 2n, 3n, 255n, 256n, 2n ** 128n + 5n, N - 1n, N - 2n, (N * 2n) / 3n, 0x1234567890abcdefn];
const affine = (k: bigint) => Point.BASE.multiply(k).toAffine();

function batchOf(ks: readonly (bigint | undefined)[]) {
  const batch = createPointBatch(ks.length);
  ks.forEach((k, i) => {
    if (k === undefined) return;
    const { x, y } = affine(k);
    setPoint(batch, i, x, y);
  });
  return batch;
}
const setTerm = (terms: PointTerms, i: number, { x, y }: { x: bigint; y: bigint }) => {
  limbsFromBigInt(x, terms.xs, i * limbs);
  limbsFromBigInt(y, terms.ys, i * limbs);
  terms.has[i] = 1;
};
const read = (batch: ReturnType<typeof createPointBatch>) =>
  [...batch.state].map((s, i) => (s === present ? pointAt(batch, i) : s));

test("addTerms and doubleAll agree with noble, entry by entry", () => {
  const batch = batchOf(scalars);
  const terms = createPointTerms(scalars.length);
  for (const [i, k] of scalars.entries()) setTerm(terms, i, affine((k * 7n) % N));
  addTerms(batch, terms);
  expect(read(batch)).toEqual(scalars.map((k) => affine((k * 8n) % N)));
  doubleAll(batch);
  expect(read(batch)).toEqual(scalars.map((k) => affine((k * 16n) % N)));
});

test("an empty entry takes the term; an absent term leaves the entry; a failed one stays failed", () => {
  const batch = batchOf([undefined, 5n, 6n]);
  batch.state[2] = failed;
  const terms = createPointTerms(3);
  setTerm(terms, 0, affine(9n));
  setTerm(terms, 2, affine(9n));
  addTerms(batch, terms);
  expect(read(batch)).toEqual([affine(9n), affine(5n), failed]);
  // Doubling leaves empty and failed entries as they are.
  const other = batchOf([undefined, 4n]);
  doubleAll(other);
  expect(read(other)).toEqual([empty, affine(8n)]);
});

test("P + P and P + (-P) fail the entry (noble takes that signature), the others go on", () => {
  const batch = batchOf([3n, 4n, 5n]);
  const terms = createPointTerms(3);
  const same = affine(3n);
  const negated = affine(4n);
  const fine = affine(1n);
  for (const [i, point] of [same, { x: negated.x, y: P - negated.y }, fine].entries())
    setTerm(terms, i, point);
  addTerms(batch, terms);
  expect(read(batch)).toEqual([failed, failed, affine(6n)]);
});

test("a batch of none is a no-op", () => {
  const batch = createPointBatch(0);
  addTerms(batch, createPointTerms(0));
  doubleAll(batch);
  expect(batch.count).toBe(0);
});

test("a long walk of additions and doublings stays exact and its limbs stay reduced", () => {
  // Every stored coordinate must stay within the bound the field code needs (fieldLimbs.ts).
  const ks = scalars.map((k) => (k * 31n) % N);
  const batch = batchOf(ks);
  const expected = [...ks];
  const terms = createPointTerms(ks.length);
  for (let round = 1n; round <= 40n; round++) {
    for (const [i, k] of ks.entries()) setTerm(terms, i, affine((k * round + round) % N));
    addTerms(batch, terms);
    doubleAll(batch);
    ks.forEach((k, i) => {
      expected[i] = (2n * ((expected[i] as bigint) + k * round + round)) % N;
    });
    expect([...batch.xs, ...batch.ys].every((limb) => Math.abs(limb) <= 2 ** 23 + 2 ** 10)).toBe(true);
  }
  expect(read(batch)).toEqual(expected.map(affine));
});

test("addPoints reads each point where it is, at its offset, negated when asked", () => {
  const batch = batchOf([3n, 4n, undefined, 6n]);
  // A table of three points; entries take them in any order, some negated, one twice.
  const table = createPointTerms(3);
  for (const [i, k] of [10n, 20n, 30n].entries()) setTerm(table, i, affine(k));
  const index = Int32Array.of(0, 1, 2, 3);
  const offsets = Int32Array.of(2 * limbs, 0, limbs, 2 * limbs);
  const negate = Uint8Array.of(0, 1, 1, 1);
  addPoints(batch, 4, index, table.xs, table.ys, offsets, negate);
  expect(read(batch)).toEqual([affine(33n), affine(N - 6n), affine(N - 20n), affine(N - 24n)]);
  // Only the listed entries take a point.
  addPoints(batch, 1, Int32Array.of(1), table.xs, table.ys, Int32Array.of(0), Uint8Array.of(0));
  expect(read(batch)).toEqual([affine(33n), affine(4n), affine(N - 20n), affine(N - 24n)]);
});
