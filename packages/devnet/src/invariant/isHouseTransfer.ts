import { type Address, isAddressEqual, zeroAddress } from "viem";

export type IsHouseTransferParameters = {
  /** Who the tokens came from (the zero address for a mint). */
  from: Address;
  /** Who sent the transaction. */
  txFrom: Address;
  /** The devnet's own accounts (the solver, the fee sponsor). */
  house: readonly Address[];
};

/**
 * Whether a token transfer into the depository that no deposit event takes is the devnet's own money:
 * one of its accounts sent the tokens (the sponsor's payment of sponsored fees), or minted them in a
 * transaction it sent (the depository's liquidity at setup: USDC minted, WETH wrapped to it). Any
 * other such transfer is a stray deposit, credited or refunded like any other.
 *
 * @param parameters - {@link IsHouseTransferParameters}
 * @returns True for the devnet's own money.
 * @example
 * isHouseTransfer({ from: zeroAddress, txFrom: solver, house: [solver, sponsor] }) // true: setup liquidity
 */
export function isHouseTransfer({ from, txFrom, house }: IsHouseTransferParameters): boolean {
  const isHouse = (address: Address) => house.some((account) => isAddressEqual(account, address));
  return isHouse(from) || (isAddressEqual(from, zeroAddress) && isHouse(txFrom));
}
