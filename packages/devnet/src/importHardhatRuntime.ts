import { BaseError } from "attestkit";

/** The oldest Node.js Hardhat 3 (and so the devnet) runs on. */
const devnetMinimumNode = "22.13.0";

/** The peer dependencies the devnet needs, as `npm install` takes them. */
const devnetPeers = ["hardhat@^3.17.0", "@nomicfoundation/edr-linux-x64-gnu"] as const;

/**
 * The devnet cannot run here: Node.js is older than Hardhat 3 needs, or a peer (hardhat,
 * its native EDR binding) is not installed. The message says what to install; everything else in
 * attestkit (verifiers, client, audit, the CLI's other commands) runs without them.
 */
export class DevnetRuntimeError extends BaseError {
  constructor(shortMessage: string, { cause, metaMessages }: { cause?: unknown; metaMessages: string[] }) {
    super(shortMessage, { name: "DevnetRuntimeError", cause, metaMessages });
  }
}

/** {@link DevnetRuntimeError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type DevnetRuntimeErrorType = DevnetRuntimeError & { name: "DevnetRuntimeError" };

type HardhatRuntime = typeof import("hardhat/hre");

/**
 * Imports Hardhat's runtime for the devnet's chains, after checking what it needs: Node.js >=
 * 22.13 and the peers `hardhat` and the EDR binding of this platform. A missing piece is a
 * {@link DevnetRuntimeError} naming the command that installs it, never a module-resolution stack.
 *
 * @param parameters - `nodeVersion` (default `process.versions.node`) and `load` (the import).
 * @returns The `hardhat/hre` module.
 * @throws {DevnetRuntimeError} on an older Node.js or a missing peer.
 * @example
 * const { createHardhatRuntimeEnvironment } = await importHardhatRuntime()
 */
export async function importHardhatRuntime({
  nodeVersion = process.versions.node,
  load = () => import("hardhat/hre"),
}: {
  nodeVersion?: string;
  load?: () => Promise<HardhatRuntime>;
} = {}): Promise<HardhatRuntime> {
  if (compareVersions(nodeVersion, devnetMinimumNode) < 0)
    throw new DevnetRuntimeError(
      `The devnet needs Node.js >= ${devnetMinimumNode} (Hardhat 3); this is Node.js ${nodeVersion}.`,
      {
        metaMessages: [
          "Run it with Node.js 22.13 or later (e.g. `nvm install 22`). Everything else in attestkit (the",
          "verifiers, the client, the audit, attestkit verify/encode/audit/quote/status/deploy) runs on Node.js 20.",
        ],
      },
    );
  try {
    return await load();
  } catch (error) {
    const text = `${(error as { code?: unknown }).code ?? ""} ${(error as Error)?.message ?? ""}`;
    const binding = `@nomicfoundation/edr-${process.platform}-${process.arch}${process.platform === "linux" ? "-gnu" : ""}`;
    if (/Cannot find (package|module) ['"]hardhat/.test(text) || /ERR_MODULE_NOT_FOUND.*hardhat/.test(text))
      throw new DevnetRuntimeError("The devnet needs its peer dependency hardhat, which is not installed.", {
        cause: error,
        metaMessages: [
          `Install it beside @attestkit/devnet: npm install --save-dev ${devnetPeers[0]} ${binding}`,
        ],
      });
    if (/edr/i.test(text) || /native binding|\.node\b/i.test(text))
      throw new DevnetRuntimeError(
        `The devnet needs Hardhat's native EDR binding for ${process.platform}-${process.arch}, which did not load.`,
        {
          cause: error,
          metaMessages: [`Install it beside attestkit: npm install --save-dev ${binding}`],
        },
      );
    throw error;
  }
}

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b` (`major.minor.patch`). */
function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .replace(/^v/, "")
      .split(".")
      .map((part) => Number.parseInt(part, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
