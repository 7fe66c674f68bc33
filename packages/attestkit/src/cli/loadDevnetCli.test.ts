import { expect, test } from "vitest";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";
import { loadDevnetCli } from "./loadDevnetCli.js";

/** What Node throws for a package that is not installed. */
const notFound = (name: string) =>
  Object.assign(
    new Error(`Cannot find package '${name}' imported from /app/node_modules/attestkit/dist/cli`),
    {
      code: "ERR_MODULE_NOT_FOUND",
    },
  );

test("default: the devnet package's cli module, as the workspace has it", async () => {
  const cli = await loadDevnetCli({ needs: "attestkit devnet" });
  expect(typeof cli.runDevnet).toBe("function");
  expect(cli.devnetSolverAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(cli.devnetTrustRoot().chains.length).toBeGreaterThan(1);
});

test("a missing devnet package is a CliError that says what to install, with the caller's exit code", async () => {
  for (const [needs, exitCode] of [
    ["attestkit devnet", undefined],
    ["--trust-devnet", exitCodes.badInput],
  ] as const) {
    const error = await loadDevnetCli({
      needs,
      exitCode,
      importModule: () => Promise.reject(notFound("@attestkit/devnet")),
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(exitCode ?? exitCodes.network);
    expect((error as CliError).shortMessage).toBe(
      `${needs} needs the devnet package @attestkit/devnet, which is not installed.`,
    );
    // Its peers named too: npm on Node.js 20 skips the EDR binding of a Node.js 22 package.
    expect((error as CliError).message).toContain(
      process.platform === "linux" && process.arch === "x64"
        ? "npm install --save-dev @attestkit/devnet hardhat@^3.17.0 @nomicfoundation/edr-linux-x64-gnu"
        : "npm install --save-dev @attestkit/devnet hardhat@^3.17.0 @nomicfoundation/edr-",
    );
  }
});

test("another package missing inside the devnet, or any other failure, is not hidden behind the advice", async () => {
  const inner = notFound("hono");
  await expect(
    loadDevnetCli({ needs: "attestkit devnet", importModule: () => Promise.reject(inner) }),
  ).rejects.toBe(inner);
  const broken = new SyntaxError("Unexpected token");
  await expect(
    loadDevnetCli({ needs: "attestkit devnet", importModule: () => Promise.reject(broken) }),
  ).rejects.toBe(broken);
});

test("a module without what attestkit calls is refused, naming both packages to align", async () => {
  for (const loaded of [
    {},
    null,
    { runDevnet: () => 0, runDevnetTrigger: () => 0, devnetTrustRoot: () => ({}) },
  ]) {
    const error = await loadDevnetCli({ needs: "attestkit devnet", importModule: async () => loaded }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain("npm install attestkit@latest @attestkit/devnet@latest");
  }
});
