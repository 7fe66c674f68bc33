// Test support: one seeded generator for every randomized corpus (differential vectors, audit
// corpus), so a failing vector is reproduced from its seed alone.

/** mulberry32: small, fast and seedable; test vectors need to be reproducible, not secret. */
export class SeededRng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, bound). */
  int(bound: number): number {
    return Math.floor(this.next() * bound);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  bytes(length: number): Uint8Array {
    return Uint8Array.from({ length }, () => this.int(256));
  }
  /** A uniformly random integer below 2^bits. */
  bigint(bits: number): bigint {
    if (bits === 0) return 0n;
    const bytes = this.bytes(Math.ceil(bits / 8));
    const value = bytes.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
    return value & ((1n << BigInt(bits)) - 1n);
  }
}
