/**
 * The redeem script of a P2SH-P2WPKH spend (BIP141's "P2WPKH nested in BIP16 P2SH"): the scriptSig
 * must be exactly one direct push of a version-0 20-byte witness program, `0x16 0x00 0x14 <20 bytes>`
 * (23 bytes). Bitcoin Core refuses any other scriptSig for a nested witness spend ("Witness requires
 * only-redeemscript scriptSig"); whether the program's hash is the P2SH output's is for the caller.
 *
 * @param scriptSig - An input's scriptSig.
 * @returns The 22-byte redeem script (`0014` + the key's hash160), or undefined when the scriptSig is not that push.
 * @example
 * readNestedP2wpkh(hex.decode("160014751e76e8199196d454941c45d1b3a323f1433bd6")) // 0014751e…
 */
export function readNestedP2wpkh(scriptSig: Uint8Array): Uint8Array | undefined {
  if (scriptSig.length !== 23 || scriptSig[0] !== 0x16 || scriptSig[1] !== 0x00 || scriptSig[2] !== 0x14)
    return undefined;
  return scriptSig.subarray(1);
}
