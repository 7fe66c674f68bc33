import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { N, P } from "./fieldP.js";
import { lambda, multiplyPoints, splitScalar } from "./multiplyPoints.js";
import { createPointBatch, empty, failed, pointAt, setPoint } from "./pointBatch.js";

const { Point } = secp256k1;
const scalars = [1n, 2n, 3n, 255n, 256n, 2n ** 128n + 5n, N - 1n, N - 2n, (N * 2n) / 3n, 0x1234567890abcdefn];

test("multiplyPoints: noble's products; an entry without a point stays as it was", () => {
  const points = createPointBatch(scalars.length + 2);
  const bases = scalars.map((k) => Point.BASE.multiply((k + 11n) % N));
  bases.forEach((base, i) => {
    const { x, y } = base.toAffine();
    setPoint(points, i, x, y);
  });
  points.state[scalars.length + 1] = failed;
  const factors = [...scalars.map((k) => (k * 3n) % N), 5n, 5n];
  const products = multiplyPoints(points, factors);
  let gaveUp = 0;
  bases.forEach((base, i) => {
    if (products.state[i] === failed) {
      gaveUp++;
      return;
    }
    expect(pointAt(products, i)).toEqual(base.multiply(factors[i] as bigint).toAffine());
  });
  // Scalars next to n (-1, -2, ...) can end the walk adding -P to P: a special case it gives up
  // on (the caller recovers that one signature with noble). The ordinary ones never do.
  expect([...products.state.slice(0, 6)]).toEqual([1, 1, 1, 1, 1, 1]);
  expect(gaveUp).toBeLessThanOrEqual(2);
  expect(products.state[scalars.length]).toBe(empty);
  expect(products.state[scalars.length + 1]).toBe(failed);
});

test("splitScalar: k1 + k2 * lambda = k mod n, both halves under 2^128", () => {
  for (const k of [...scalars, 0n, lambda, N - lambda]) {
    const { k1, k2 } = splitScalar(k);
    expect((((k1 + k2 * lambda) % N) + N) % N).toBe(k % N);
    expect(k1 < 2n ** 128n && -k1 < 2n ** 128n && k2 < 2n ** 128n && -k2 < 2n ** 128n).toBe(true);
  }
  // lambda is phi's eigenvalue: lambda * G = (beta * Gx, Gy).
  const { x, y } = Point.BASE.toAffine();
  expect(Point.BASE.multiply(lambda).toAffine()).toEqual({
    x: (0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een * x) % P,
    y,
  });
});
