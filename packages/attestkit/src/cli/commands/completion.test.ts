import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { cliBin, plainEnv } from "../../../../../test/support/spawnCli.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { generateCompletion } from "../completion/generateCompletion.js";
import { createProgram, runCli } from "../createProgram.js";

const dir = makeTempDir("completion");
const has = (shell: string) => spawnSync(shell, ["--version"], { encoding: "utf8" }).status === 0;
/** A test title that says why it is skipped when the shell is missing. */
const titled = (shell: string, title: string) =>
  has(shell) ? title : `${title} (skipped: ${shell} is not installed; apt-get install -y ${shell})`;

/** The script `attestkit completion SHELL` prints, saved to a file. */
async function script(shell: "bash" | "zsh" | "fish"): Promise<string> {
  const io = captureIo();
  expect(await runCli(["completion", shell], io)).toBe(0);
  const file = join(dir, `attestkit.${shell}`);
  writeFileSync(file, `${io.stdout.join("\n")}\n`);
  return file;
}

test("default: the bash script loads in bash and registers attestkit (the real CLI, as documented)", () => {
  const result = spawnSync(
    "bash",
    ["-c", 'source <("$0" "$1" completion bash) && complete -p attestkit', process.execPath, cliBin],
    { encoding: "utf8", env: plainEnv() },
  );
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  expect(result.stdout).toBe("complete -o default -F _attestkit attestkit\n");
});

describe("bash: what it offers", () => {
  let file: string;
  beforeAll(async () => {
    file = await script("bash");
  });

  /** Runs the completion function on a command line whose last word is being typed. */
  const complete = (...words: string[]) => {
    const line = words.map((word) => `'${word}'`).join(" ");
    const result = spawnSync(
      "bash",
      [
        "-c",
        `source "$0"; COMP_WORDS=(attestkit ${line}); COMP_CWORD=${words.length}; _attestkit; printf '%s\\n' "\${COMPREPLY[@]}"`,
        file,
      ],
      { encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    return result.stdout.split("\n").filter(Boolean);
  };

  test.each([
    [["de"], ["devnet", "deploy"]],
    [
      ["devnet", ""],
      ["replay-webhook", "trigger"],
    ],
    [["--api", "http://127.0.0.1:8787", "devnet", "tr"], ["trigger"]],
    [["webhooks", ""], ["listen"]],
    [
      ["audit", "--engine", ""],
      ["auto", "native", "noble"],
    ],
    [
      ["completion", ""],
      ["bash", "zsh", "fish"],
    ],
    [
      ["devnet", "trigger", "--a"],
      ["--account", "--api", "--api-key"],
    ],
    [["status", "--timeout", "5", "--w"], ["--watch"]],
  ])("%j -> %j", (words, expected) => {
    expect(complete(...words)).toEqual(expected);
  });

  test("a subcommand's completion holds its own options and the global ones, not its parent's", () => {
    const options = complete("devnet", "trigger", "--");
    expect(options).toEqual(
      expect.arrayContaining(["--devnet", "--account", "--api", "--api-key", "--timeout"]),
    );
    expect(options).not.toContain("--port");
    expect(options).not.toContain("--state");
  });

  test("a value or a file argument: nothing offered, so bash completes file names (-o default)", () => {
    expect(complete("verify", "--file", "")).toEqual([]);
    expect(complete("audit", "")).toEqual([]);
  });
});

test.skipIf(!has("zsh"))(
  titled("zsh", "zsh: the script parses (zsh -n) and registers _attestkit after compinit"),
  async () => {
    const file = await script("zsh");
    expect(spawnSync("zsh", ["-n", file], { encoding: "utf8" }).status).toBe(0);
    const loaded = spawnSync(
      "zsh",
      [
        "-fc",
        'autoload -Uz compinit && compinit -u -D && source "$1" && print -r -- $_comps[attestkit]',
        "zsh",
        file,
      ],
      { encoding: "utf8" },
    );
    expect(loaded.stderr).toBe("");
    expect(loaded.stdout).toBe("_attestkit\n");
  },
);

test.skipIf(!has("fish"))(
  titled("fish", "fish: the script parses and completes subcommands, options and choices"),
  async () => {
    const file = await script("fish");
    expect(spawnSync("fish", ["--no-execute", file], { encoding: "utf8" }).status).toBe(0);
    const complete = (line: string) => {
      const result = spawnSync("fish", ["--no-config", "-c", `source $argv[1]; complete -C'${line}'`, file], {
        encoding: "utf8",
      });
      expect(result.stderr).toBe("");
      return result.stdout
        .split("\n")
        .filter(Boolean)
        .map((entry) => entry.split("\t")[0]);
    };
    expect(complete("attestkit devnet tr")).toEqual(["trigger"]);
    expect(complete("attestkit --api x devnet trigger --acc")).toEqual(["--account"]);
    expect(complete("attestkit audit --engine ")).toEqual(["auto", "native", "noble"]);
    expect(complete("attestkit completion ")).toEqual(["bash", "fish", "zsh"]);
  },
);

test("generated from the program: a command added to it is completed", () => {
  const program = createProgram(captureIo());
  program.command("newcommand").option("--brand-new <value>");
  const bash = generateCompletion({ program, shell: "bash" });
  expect(bash).toContain('"|newcommand"');
  expect(bash).toContain('"newcommand|--brand-new"');
  expect(generateCompletion({ program, shell: "fish" })).toContain("-a 'newcommand'");
  expect(generateCompletion({ program, shell: "zsh" })).toContain("'newcommand:'");
});

test("an unknown shell is a usage error, exit 2", async () => {
  const io = captureIo();
  expect(await runCli(["completion", "powershell"], io)).toBe(2);
  expect(io.stderr[0]).toBe(
    "error: command-argument value 'powershell' is invalid for argument 'SHELL'. Allowed choices are bash, zsh, fish.",
  );
});
