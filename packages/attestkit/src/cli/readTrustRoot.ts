import { InvalidTrustRootError } from "../orders/errors.js";
import { resolveTrustRoot } from "../orders/trustRoot/resolveTrustRoot.js";
import { toTrustRoot } from "../orders/trustRoot/toTrustRoot.js";
import type { TrustedChain, TrustRoot } from "../orders/trustRoot/types.js";
import { CliError } from "./cliError.js";
import type { DevnetCliModule } from "./devnetCliTypes.js";
import { exitCodes } from "./exitCodes.js";
import { inputLimits } from "./inputLimits.js";
import { readJsonObjectFile } from "./readJsonObjectFile.js";

export type ReadTrustRootParameters = {
  /** `--chains-file`: a trust root, or a `GET /chains` answer saved from a source the caller trusts. */
  chainsFile?: string | undefined;
  /** `--trust-devnet`: true, or the devnet's `ORIGIN,DESTINATION` chain ids. */
  trustDevnet?: boolean | string | undefined;
  /** The devnet package's trust root (`loadDevnetCli`); needed with `trustDevnet`. */
  devnetTrustRoot?: DevnetCliModule["devnetTrustRoot"] | undefined;
};

/**
 * The trust root the command line gives the payment guard: the local devnet's
 * (`--trust-devnet`, derived from its public test keys) and the chains of `--chains-file` (a trust
 * root `{ chains: [{ id, slug, vmType, depository, ... }] }`, or a saved `GET /chains` answer),
 * which replace the devnet's of the same id; both over the published chains. Never read from the
 * service being paid through. Undefined when neither flag is given.
 *
 * @param parameters - {@link ReadTrustRootParameters}
 * @returns The trust root, or undefined.
 * @throws CliError (exit 2) naming the flag, the file and the field that is wrong.
 * @example
 * const trustRoot = readTrustRoot({ chainsFile: "chains.json", trustDevnet: true, devnetTrustRoot })
 */
export function readTrustRoot({
  chainsFile,
  trustDevnet,
  devnetTrustRoot,
}: ReadTrustRootParameters): TrustRoot | undefined {
  const chains = new Map<number, TrustedChain>();
  if (trustDevnet !== undefined && trustDevnet !== false) {
    if (!devnetTrustRoot)
      throw new CliError("--trust-devnet needs the devnet package's trust root (loadDevnetCli).", {
        exitCode: exitCodes.badInput,
      });
    for (const chain of devnetTrustRoot(devnetChainIds(trustDevnet)).chains) chains.set(chain.id, chain);
  }
  if (chainsFile !== undefined)
    for (const chain of readChainsFile(chainsFile).chains) chains.set(chain.id, chain);
  if (chains.size === 0) return undefined;
  const trustRoot = { chains: [...chains.values()] };
  inFlagTerms(chainsFile, () => resolveTrustRoot({ trustRoot }));
  return trustRoot;
}

/** `--trust-devnet ORIGIN,DESTINATION`, or the devnet's defaults for a bare flag. */
function devnetChainIds(value: true | string): { originChainId?: number; destinationChainId?: number } {
  if (value === true) return {};
  const match = /^([0-9]{1,15}),([0-9]{1,15})$/.exec(value);
  if (!match)
    throw new CliError(
      `--trust-devnet takes the devnet's chain ids as ORIGIN,DESTINATION (e.g. 31337,31338), not "${value}".`,
      {
        exitCode: exitCodes.badInput,
      },
    );
  return { originChainId: Number(match[1]), destinationChainId: Number(match[2]) };
}

/** A trust root file as it is, or a saved chain list turned into one. */
function readChainsFile(file: string): TrustRoot {
  const json = readJsonObjectFile({ file, ...inputLimits.trustRoot });
  const list = json.chains;
  const isTrustRoot =
    Array.isArray(list) &&
    list.every((chain) => chain !== null && typeof chain === "object" && "slug" in chain);
  return inFlagTerms(file, () => (isTrustRoot ? (json as TrustRoot) : toTrustRoot({ chains: json })));
}

/** Runs `read`; a trust root it refuses is bad input, named by the flag and the file. */
function inFlagTerms<value>(file: string | undefined, read: () => value): value {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidTrustRootError)
      throw new CliError(`--chains-file ${file}: ${error.shortMessage}`, {
        exitCode: exitCodes.badInput,
        cause: error,
      });
    throw error;
  }
}
