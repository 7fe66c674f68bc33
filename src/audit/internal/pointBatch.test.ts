import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { N, P } from "./fieldP.js";
import {
  addTerms,
  createPointBatch,
  createPointTerms,
  doubleAll,
  empty,
  failed,
  present,
} from "./pointBatch.js";

const { Point } = secp256k1;
const scalars = [1n, 2n, 3n, 255n, 256n, 2n ** 128n + 5n, N - 1n, N - 2n, (N * 2n) / 3n, 0x1234567890abcdefn];
const affine = (k: bigint) => Point.BASE.multiply(k).toAffine();

function batchOf(ks: readonly (bigint | undefined)[]) {
  const batch = createPointBatch(ks.length);
  ks.forEach((k, i) => {
    if (k === undefined) return;
    const { x, y } = affine(k);
    batch.xs[i] = x;
    batch.ys[i] = y;
    batch.state[i] = present;
  });
  return batch;
}
const read = (batch: ReturnType<typeof createPointBatch>) =>
  [...batch.state].map((s, i) => (s === present ? { x: batch.xs[i], y: batch.ys[i] } : s));

test("addTerms and doubleAll agree with noble, entry by entry", () => {
  const batch = batchOf(scalars);
  const terms = createPointTerms(scalars.length);
  scalars.forEach((k, i) => {
    const { x, y } = affine((k * 7n) % N);
    terms.xs[i] = x;
    terms.ys[i] = y;
    terms.has[i] = 1;
  });
  addTerms(batch, terms);
  expect(read(batch)).toEqual(scalars.map((k) => affine((k * 8n) % N)));
  doubleAll(batch);
  expect(read(batch)).toEqual(scalars.map((k) => affine((k * 16n) % N)));
});

test("an empty entry takes the term; an absent term leaves the entry; a failed one stays failed", () => {
  const batch = batchOf([undefined, 5n, 6n]);
  batch.state[2] = failed;
  const terms = createPointTerms(3);
  const { x, y } = affine(9n);
  terms.xs[0] = x;
  terms.ys[0] = y;
  terms.has[0] = 1;
  terms.xs[2] = x;
  terms.ys[2] = y;
  terms.has[2] = 1;
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
  for (const [i, point] of [same, { x: negated.x, y: P - negated.y }, fine].entries()) {
    terms.xs[i] = point.x;
    terms.ys[i] = point.y;
    terms.has[i] = 1;
  }
  addTerms(batch, terms);
  expect(read(batch)).toEqual([failed, failed, affine(6n)]);
});

test("a batch of none is a no-op", () => {
  const batch = createPointBatch(0);
  addTerms(batch, createPointTerms(0));
  doubleAll(batch);
  expect(batch.count).toBe(0);
});
