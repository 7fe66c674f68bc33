/**
 * Methods of the standard namespaces that act as no signed transaction could: sending one unsigned
 * (as an account the node does not hold).
 */
const unsignedSends: ReadonlySet<string> = new Set(["eth_sendUnsignedTransaction"]);

/** Read-only methods outside the standard namespaces that tools call: tracing and node metadata. */
const readOnlyExtras: ReadonlySet<string> = new Set([
  "debug_traceTransaction",
  "debug_traceCall",
  "hardhat_metadata",
  "hardhat_getAutomine",
]);

/**
 * Tells whether a JSON-RPC method is one a chain's public endpoint serves: the standard `eth_`,
 * `net_` and `web3_` methods a wallet or a library calls (reads, estimates, signed and node-signed
 * transactions of the test accounts) and read-only tracing. The others change the chain itself
 * (`hardhat_setBalance`, `hardhat_setCode`, `hardhat_setStorageAt`, `hardhat_impersonateAccount`,
 * `evm_mine`, `evm_increaseTime`, `evm_revert`, ...): the devnet's own endpoints do what it needs,
 * and `/rpc/<chainId>` passes them only when the devnet was started with `rpcAdmin`.
 *
 * @param method - The JSON-RPC method.
 * @returns True when any caller may call it.
 * @example
 * isPublicRpcMethod("eth_sendRawTransaction") // true
 * isPublicRpcMethod("hardhat_setBalance") // false
 */
export function isPublicRpcMethod(method: string): boolean {
  if (unsignedSends.has(method)) return false;
  return /^(eth|net|web3)_/.test(method) || readOnlyExtras.has(method);
}
