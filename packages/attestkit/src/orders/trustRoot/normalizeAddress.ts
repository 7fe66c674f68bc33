import type { OrderVmType } from "../types.js";

/**
 * An address or currency as the guard compares it: lowercase on hex VMs (EVM, HyperEVM), as given
 * elsewhere (Bitcoin and base58 are case-sensitive; exchange indexes are digits).
 *
 * @param value - The address, currency or account index.
 * @param vmType - The VM of its chain.
 * @returns The comparable form.
 * @example
 * normalizeAddress("0xAbC…", "ethereum-vm") // "0xabc…"
 */
export function normalizeAddress(value: string, vmType: OrderVmType): string {
  return vmType === "ethereum-vm" || vmType === "hyperliquid-vm" ? value.toLowerCase() : value;
}
