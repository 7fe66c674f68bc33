import { CliError } from "./cliError.js";
import type { DevnetCliModule } from "./devnetCliTypes.js";
import { type ExitCode, exitCodes } from "./exitCodes.js";

/** The devnet package's command-line module; a variable, so that no build of attestkit depends on it. */
const devnetCliSpecifier = "@attestkit/devnet/cli";

export type LoadDevnetCliParameters = {
  /** What needs the devnet, as the user typed it (`attestkit devnet`, `--trust-devnet`). */
  needs: string;
  /** The exit code when the package is missing: 3 (it cannot start) for the devnet's own commands. */
  exitCode?: ExitCode | undefined;
  /** Imports a module (tests pass their own). Default: `import()`. */
  importModule?: ((specifier: string) => Promise<unknown>) | undefined;
};

/**
 * Loads `@attestkit/devnet/cli`, the devnet package's side of the command line, when a command needs
 * it. The devnet is a package of its own (it needs Node.js >= 22.13, Hardhat, hono and SQLite, which
 * `attestkit` never installs), so a user without it is told exactly what to install.
 *
 * @param parameters - {@link LoadDevnetCliParameters}
 * @returns The module. {@link DevnetCliModule}
 * @throws CliError naming the package to install when it is missing or is not the devnet's.
 * @example
 * const { runDevnet } = await loadDevnetCli({ needs: "attestkit devnet" })
 */
export async function loadDevnetCli({
  needs,
  exitCode = exitCodes.network,
  importModule = (specifier) => import(specifier),
}: LoadDevnetCliParameters): Promise<DevnetCliModule> {
  let loaded: unknown;
  try {
    loaded = await importModule(devnetCliSpecifier);
  } catch (error) {
    if (!isMissingDevnet(error)) throw error;
    throw new CliError(`${needs} needs the devnet package @attestkit/devnet, which is not installed.`, {
      exitCode,
      metaMessages: [
        `Install it and its peers beside attestkit: npm install --save-dev @attestkit/devnet hardhat@^3.17.0 ${edrBinding()}`,
        `It runs on Node.js >= 22.13; this is Node.js ${process.versions.node}.`,
      ],
    });
  }
  if (!isDevnetCli(loaded))
    throw new CliError(`${needs}: ${devnetCliSpecifier} does not match this attestkit.`, {
      exitCode,
      metaMessages: [
        "Install the same versions of both: npm install attestkit@latest @attestkit/devnet@latest",
      ],
    });
  return loaded;
}

/** Node's error for a package that is not installed, about the devnet's. */
function isMissingDevnet(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    message.includes("@attestkit/devnet")
  );
}

/** The module has what `DevnetCliModule` promises. */
function isDevnetCli(loaded: unknown): loaded is DevnetCliModule {
  const module = (loaded ?? {}) as Partial<Record<keyof DevnetCliModule, unknown>>;
  return (
    typeof module.runDevnet === "function" &&
    typeof module.runDevnetTrigger === "function" &&
    typeof module.devnetTrustRoot === "function" &&
    typeof module.devnetSolverAddress === "string"
  );
}

/**
 * Hardhat's native EDR binding for this platform (`@nomicfoundation/edr-linux-x64-gnu` on Linux x64):
 * npm running on Node.js 20 skips it as an optional dependency of a Node.js 22 package, so it is named.
 */
function edrBinding(): string {
  const abi = process.platform === "linux" ? "-gnu" : process.platform === "win32" ? "-msvc" : "";
  return `@nomicfoundation/edr-${process.platform}-${process.arch}${abi}`;
}
