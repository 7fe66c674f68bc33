import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { limbs, limbsToBigInt } from "./fieldLimbs.js";
import { N } from "./fieldP.js";
import { addTableMultiples, fixedTable, signedDigits } from "./fixedTable.js";
import { createPointBatch, failed, pointAt, present, setPoint } from "./pointBatch.js";

const { Point } = secp256k1;
const scalars = [1n, 2n, 3n, 255n, 256n, 2n ** 128n + 5n, N - 1n, N - 2n, (N * 2n) / 3n, 0x1234567890abcdefn];

test("signedDigits: digits in range that sum back to the scalar, by hex and by shifts", () => {
  for (const w of [3, 4, 5, 8, 12])
    for (const k of [...scalars, 0n, 2n ** 256n - 1n]) {
      const windows = Math.ceil(256 / w) + 1;
      const digits = signedDigits(k, w, windows);
      expect([...digits].every((d) => d >= -(1 << (w - 1)) && d < 1 << (w - 1))).toBe(true);
      expect([...digits].reduceRight((sum, d) => sum * (1n << BigInt(w)) + BigInt(d), 0n)).toBe(k);
    }
});

test("signedDigits: the digits of the plain shift-and-carry rule, every width from 2 to 24", () => {
  // The rule written with BigInt shifts, as a reference.
  const reference = (k: bigint, w: number, windows: number) => {
    const out: number[] = [];
    let carry = 0;
    for (let j = 0; j < windows; j++) {
      let digit = Number(k & ((1n << BigInt(w)) - 1n)) + carry;
      k >>= BigInt(w);
      carry = digit >= 1 << (w - 1) ? 1 : 0;
      if (carry) digit -= 1 << w;
      out.push(digit);
    }
    return out;
  };
  for (let w = 2; w <= 24; w++)
    for (const k of [...scalars, 0n, 1n, 2n ** 255n, 2n ** 256n - 1n, 0xdeadbeefcafebaben]) {
      const windows = Math.ceil(256 / w) + 1;
      expect([...signedDigits(k, w, windows)], `w ${w} k ${k}`).toEqual(reference(k, w, windows));
    }
  expect(() => signedDigits(-1n, 4, 66)).toThrow(RangeError);
  expect(() => signedDigits(1n, 1, 257)).toThrow(RangeError);
  expect(() => signedDigits(1n, 25, 66)).toThrow(RangeError);
});

test("signedDigits: a scalar too large for the windows is refused, a carry out of the top too", () => {
  expect(() => signedDigits(2n ** 40n, 4, 5)).toThrow(RangeError);
  expect(() => signedDigits(2n ** 40n, 5, 5)).toThrow(RangeError);
  // 0xf fits one 4-bit digit unsigned but needs a carry: -1 + 16, so two windows.
  expect(() => signedDigits(0xfn, 4, 1)).toThrow(RangeError);
  expect([...signedDigits(0xfn, 4, 2)]).toEqual([-1, 1]);
});

test("fixedTable: every entry is m * 2^(wj) * B", () => {
  const base = Point.BASE.multiply(424242n);
  for (const w of [2, 4, 5]) {
    const table = fixedTable(base, w);
    for (let j = 0; j < table.windows; j++)
      for (let m = 1; m <= table.half; m++)
        expect({
          x: limbsToBigInt(table.xs, (j * table.half + m - 1) * limbs),
          y: limbsToBigInt(table.ys, (j * table.half + m - 1) * limbs),
        }).toEqual(base.multiply((BigInt(m) << BigInt(w * j)) % N).toAffine());
  }
});

test("addTableMultiples: noble's products, for hex-read and shifted digit widths", () => {
  const base = Point.BASE.multiply(987654321n);
  for (const w of [5, 8]) {
    const table = fixedTable(base, w);
    const batch = createPointBatch(scalars.length + 1);
    addTableMultiples(batch, table, [...scalars, undefined]);
    scalars.forEach((k, i) => {
      expect(batch.state[i]).toBe(present);
      expect(pointAt(batch, i)).toEqual(base.multiply(k).toAffine());
    });
    // No scalar: nothing added.
    expect(batch.state[scalars.length]).toBe(0);
  }
});

test("addTableMultiples: a sum that meets its own negation fails that entry only", () => {
  const table = fixedTable(Point.BASE, 4);
  const batch = createPointBatch(2);
  // Start entry 0 at -(2 * G): adding 2 * G (digit 2 in window 0) meets its negation.
  const start = Point.BASE.multiply(N - 2n).toAffine();
  setPoint(batch, 0, start.x, start.y);
  addTableMultiples(batch, table, [2n, 3n]);
  expect(batch.state[0]).toBe(failed);
  expect(pointAt(batch, 1)).toEqual(Point.BASE.multiply(3n).toAffine());
});
