import { hex } from "@scure/base";
import { expect, test } from "vitest";
import {
  blockHashOf,
  difficultyOf,
  encodeBlockHeader,
  fromDisplayHex,
  merkleRoot,
  mineHeader,
  targetOf,
} from "./blockCodec.js";
import { decodeRawTransaction } from "./transactionCodec.js";

// Bitcoin's genesis block: header fields, coinbase and hash are public constants of the chain.
const genesisCoinbase =
  "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000";
const genesisMerkleRoot = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";

test("default: Bitcoin's genesis header hashes to its known block hash", () => {
  const header = encodeBlockHeader({
    version: 1,
    previousHash: new Uint8Array(32),
    merkleRoot: fromDisplayHex(genesisMerkleRoot),
    time: 1231006505,
    bits: 0x1d00ffff,
    nonce: 2083236893,
  });
  expect(header).toHaveLength(80);
  expect(blockHashOf(header)).toBe("000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f");
});

test("the genesis coinbase decodes to the genesis merkle root, and one hash is its own root", () => {
  const { txid, size, weight } = decodeRawTransaction(hex.decode(genesisCoinbase));
  expect(txid).toBe(genesisMerkleRoot);
  expect(size).toBe(204);
  expect(weight).toBe(816);
  expect(hex.encode(merkleRoot([fromDisplayHex(txid)]).reverse())).toBe(genesisMerkleRoot);
});

test("merkle root of block 100000 (four transactions)", () => {
  const txids = [
    "8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87",
    "fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4",
    "6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4",
    "e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d",
  ];
  expect(hex.encode(merkleRoot(txids.map(fromDisplayHex)).reverse())).toBe(
    "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766",
  );
  // An odd level pairs the last hash with itself.
  const three = txids.slice(0, 3).map(fromDisplayHex);
  const withDuplicate = [...three, three[2] as Uint8Array];
  expect(merkleRoot(three)).toEqual(merkleRoot(withDuplicate));
  expect(merkleRoot([])).toEqual(new Uint8Array(32));
});

test("targets and difficulty of compact bits", () => {
  expect(targetOf(0x1d00ffff)).toBe(0xffffn << 208n);
  expect(targetOf(0x207fffff)).toBe(0x7fffffn << 232n);
  expect(targetOf(0x03123456)).toBe(0x123456n);
  expect(targetOf(0x02123456)).toBe(0x1234n);
  expect(difficultyOf(0x1d00ffff)).toBe(1);
  // Bitcoin Core prints the same double with 16 digits: 4.656542373906925e-10.
  expect(difficultyOf(0x207fffff)).toBe(65535 / 0x7fffff / 256 ** 3);
  expect(difficultyOf(0x207fffff).toPrecision(16)).toBe("4.656542373906925e-10");
});

test("mineHeader finds the first nonce meeting the target", () => {
  const fields = {
    version: 0x20000000,
    previousHash: new Uint8Array(32).fill(1),
    merkleRoot: new Uint8Array(32).fill(2),
    time: 1_700_000_000,
    bits: 0x207fffff,
  };
  const { nonce, header, hash } = mineHeader(fields);
  expect(BigInt(`0x${hash}`) <= targetOf(fields.bits)).toBe(true);
  expect(blockHashOf(header)).toBe(hash);
  for (let earlier = 0; earlier < nonce; earlier++)
    expect(
      BigInt(`0x${blockHashOf(encodeBlockHeader({ ...fields, nonce: earlier }))}`) > targetOf(fields.bits),
    ).toBe(true);
});
