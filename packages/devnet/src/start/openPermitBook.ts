import { encodeFunctionData, type Hex } from "viem";
import type { DevnetChain } from "../chains/createDevnetChains.js";
import { devnetEip3009TokenAbi } from "../contracts/abis.js";
import { createPermitBook, type PermitBook } from "../state/createPermitBook.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { openPermitStore } from "../state/openPermitStore.js";
import type { StateDatabase } from "../state/openStateDatabase.js";

export type OpenPermitBookParameters = {
  /** The state database holding the permits' journal; none keeps them in memory. */
  state: StateDatabase | undefined;
  /** Whether this start restores an earlier run (then submissions cut short are looked at). */
  restored: boolean;
  store: RequestStore;
  /** The EVM chains, read (`authorizationState`) without being journaled. */
  rawChains: readonly DevnetChain[];
  log: (message: string) => void;
};

/**
 * Opens the devnet's permit book (EIP-3009 authorizations of quotes). On a restart, a submission the
 * process ended in, for a request still `waiting`, is looked up on its token: an authorization the
 * token never took is released (it may be submitted again); one it took is kept and logged, to be
 * checked by hand. Then logs how many permits came back.
 *
 * @param parameters - {@link OpenPermitBookParameters}
 * @returns The permit book. {@link PermitBook}
 * @example
 * const permits = await openPermitBook({ state, restored: stored !== undefined, store, rawChains, log })
 */
export async function openPermitBook({
  state,
  restored,
  store,
  rawChains,
  log,
}: OpenPermitBookParameters): Promise<PermitBook> {
  const permits = createPermitBook({ journal: state ? openPermitStore({ database: state }) : undefined });
  if (!(state && restored)) return permits;
  // A submission the process ended in: free again if the token never took the authorization.
  for (const { requestId, authorization, submitted } of permits.all()) {
    if (!submitted || store.get(requestId as Hex)?.status !== "waiting") continue;
    const used = (await rawChains
      .find((chain) => chain.chainId === authorization.chainId)
      ?.request({
        method: "eth_call",
        params: [
          {
            to: authorization.token,
            data: encodeFunctionData({
              abi: devnetEip3009TokenAbi,
              functionName: "authorizationState",
              args: [authorization.from, authorization.nonce],
            }),
          },
          "latest",
        ],
      })) as Hex | undefined;
    if (used !== undefined && BigInt(used) === 0n) {
      permits.release(requestId);
      log(`state: the permit of request ${requestId} was not used on chain; it may be submitted again`);
    } else
      log(`state: the permit of request ${requestId} was used on chain before the restart; check it by hand`);
  }
  const kept = permits.all();
  if (kept.length > 0)
    log(
      `state: ${kept.length} permits restored, ${kept.filter((permit) => permit.submitted).length} submitted`,
    );
  return permits;
}
