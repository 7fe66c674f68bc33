// Colours as a user sees them: the real CLI on a pseudo-terminal (util-linux `script`) and in a pipe,
// with NO_COLOR and FORCE_COLOR set or not.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { cliBin, plainEnv, spawnCli } from "../../../../test/support/spawnCli.js";

const livePath = fileURLToPath(new URL("../../../../test/vectors/live-attestation.json", import.meta.url));
const green = "\u001b[32mVALID\u001b[39m";
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;

/** Runs `attestkit verify --file <live attestation> ...args` on a pseudo-terminal: what it showed. */
function onTerminal(args: string[], env: Record<string, string> = {}): Promise<string> {
  // `script -c` runs the line with $SHELL; the paths reach it through the environment.
  const child = spawn(
    "script",
    ["-qec", `exec "$NODE" "$CLI" verify --file "$FILE" ${args.join(" ")}`, "/dev/null"],
    {
      env: plainEnv({
        ...env,
        SHELL: "/bin/sh",
        TERM: "xterm",
        NODE: process.execPath,
        CLI: cliBin,
        FILE: livePath,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let text = "";
  child.stdout.on("data", (chunk) => (text += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`script exited ${code}: ${text}`)),
    );
  });
}

describe.skipIf(!hasScript)(
  `on a terminal${hasScript ? "" : " (skipped: util-linux script is not installed)"}`,
  () => {
    test("default: the verdict is green", async () => {
      expect(await onTerminal([])).toContain(`verdict      ${green}`);
    });

    test("NO_COLOR: no colour", async () => {
      const text = await onTerminal([], { NO_COLOR: "1" });
      expect(text).toContain("verdict      VALID");
      expect(text).not.toContain("\u001b[");
    });

    test("--json: no colour, even with FORCE_COLOR", async () => {
      const text = await onTerminal(["--json"], { FORCE_COLOR: "1" });
      expect(JSON.parse(text)).toMatchObject({ valid: true });
      expect(text).not.toContain("\u001b");
    });
  },
);

describe("in a pipe", () => {
  test("default: no colour", async () => {
    const { code, stdout } = await spawnCli(["verify", "--file", livePath]);
    expect(code).toBe(0);
    expect(stdout).toContain("verdict      VALID\n");
    expect(stdout).not.toContain("\u001b");
  });

  test("FORCE_COLOR: colours, the verdict only", async () => {
    const { stdout } = await spawnCli(["verify", "--file", livePath], {
      env: plainEnv({ FORCE_COLOR: "1" }),
    });
    expect(stdout).toContain(`verdict      ${green}\n`);
    expect(stdout.split("\u001b")).toHaveLength(3);
  });
});
