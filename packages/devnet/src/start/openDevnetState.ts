import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { InvalidDevnetParameterError } from "../errors.js";
import { openStateDatabase, type StateDatabase } from "../state/openStateDatabase.js";

/** What the first run with a state directory stores about its chains. */
export type StoredChains = {
  chainIds: [number, number];
  /** Genesis time of both chains, in ms (a whole second). */
  genesisMs: number;
  contracts: DevnetContracts[];
};

export type OpenDevnetStateParameters = {
  /** The `--state` directory; none keeps everything in memory. */
  stateDir: string | undefined;
  /** The origin and destination chain ids of this start. */
  chainIds: [number, number];
};

export type OpenDevnetStateReturnType = {
  /** The state database, or undefined without a state directory. */
  state: StateDatabase | undefined;
  /** What the first run with this state directory fixed (chain ids, genesis time, contracts); undefined on a first run. */
  stored: StoredChains | undefined;
};

/**
 * Opens the devnet's state database in `stateDir` (when one is given) and reads what an earlier run
 * stored about its chains. A state kept for other chain ids is refused: the database is closed and an
 * `Error` names both pairs.
 *
 * @param parameters - {@link OpenDevnetStateParameters}
 * @returns The database and the stored chains. {@link OpenDevnetStateReturnType}
 * @example
 * const { state, stored } = await openDevnetState({ stateDir: "./state", chainIds: [31337, 31338] })
 */
export async function openDevnetState({
  stateDir,
  chainIds,
}: OpenDevnetStateParameters): Promise<OpenDevnetStateReturnType> {
  const state: StateDatabase | undefined =
    stateDir === undefined ? undefined : await openStateDatabase({ dir: stateDir });
  const stored = state?.getMeta("chains") as StoredChains | undefined;
  if (stored && (stored.chainIds[0] !== chainIds[0] || stored.chainIds[1] !== chainIds[1])) {
    state?.close();
    throw new InvalidDevnetParameterError({
      parameter: "stateDir",
      message: `The state in ${stateDir} belongs to chains ${stored.chainIds.join(" and ")}, not ${chainIds[0]} and ${chainIds[1]}.`,
    });
  }
  return { state, stored };
}
