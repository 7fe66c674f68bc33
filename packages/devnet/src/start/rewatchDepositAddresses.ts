import type { ApiChain } from "../api/types.js";
import type { RequestStore } from "../state/createRequestStore.js";

export type RewatchDepositAddressesParameters = {
  store: RequestStore;
  /** The API's chains, whose deposit address watchers take the addresses. */
  chains: ReadonlyMap<number, ApiChain>;
};

/**
 * Watches the restored deposit addresses of EVM quotes again (those still `waiting` or `depositing`),
 * from the first block: a transfer seen before the restart is seen again (its request keeps the first
 * hash) and swept if it was not yet. The sweep names the quote's user, of whom (and the order id) the
 * address was derived (`buildEvmOriginSteps`), not the depositor recorded since (who paid it).
 *
 * @param parameters - {@link RewatchDepositAddressesParameters}
 * @example
 * await rewatchDepositAddresses({ store, chains: apiChains })
 */
export async function rewatchDepositAddresses({
  store,
  chains,
}: RewatchDepositAddressesParameters): Promise<void> {
  for (const request of store.all())
    if (request.depositAddress && request.orderId && ["waiting", "depositing"].includes(request.status))
      await chains.get(request.originChainId)?.depositAddresses.watch(
        {
          requestId: request.requestId,
          orderId: request.orderId,
          address: request.depositAddress.address,
          // The address is derived from the quote's user; `depositAddress.depositor` is whoever paid it.
          depositor: request.user,
        },
        { fromBlock: 0n },
      );
}
