// Every code block of the README and of the guides (docs/guides/), checked as a reader pastes it:
// - the README's quickstart blocks (marked `<!-- quickstart: ... -->`, any language): run as pasted
//   by the package test (test/package/pack.test.ts) in fresh projects of the packed packages;
// - ```ts: a whole program, kept as pasted in test/readmePrograms/ (`npm run typecheck` compiles it with
//   the project's strict settings, against the package's types); or, when its first
//   line is `// From examples/<file>.ts:`, a contiguous excerpt of that example (in order, line for
//   line), which examples.test.ts runs against a devnet;
// - ```solidity and ```toml: only in quickstarts (run there);
// - ```sh: every attestkit command line names a command that exists, with options it takes.
// And every relative link of those pages leads to a file, and to a heading of it where it names one.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command, Option } from "commander";
import { describe, expect, test } from "vitest";
import { createProgram } from "../../packages/attestkit/src/cli/createProgram.js";
import { readQuickstarts } from "../package/readmeQuickstarts.js";
import { captureIo } from "../support/captureIo.js";
import { readmePrograms, readmeProgramsFolder } from "../support/readmePrograms.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** The README and every guide, by path from the root. */
const pages = ["README.md", ...readdirSync(join(root, "docs/guides")).map((name) => `docs/guides/${name}`)]
  .filter((page) => page.endsWith(".md"))
  .map((page) => ({ page, text: readFileSync(join(root, page), "utf8") }));
const readme = (pages[0] as { text: string }).text;
const quickstartBlocks = new Set(
  [...readQuickstarts(readme).values()].flat().map((block) => `README.md:${block.line}`),
);
const blocks = pages.flatMap(({ page, text }) =>
  [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```/gm)].map((match) => ({
    page,
    language: match[1] as string,
    body: match[2] as string,
    line: text.slice(0, match.index).split("\n").length,
    at: `${page}:${text.slice(0, match.index).split("\n").length}`,
  })),
);
const fragmentMarker = /^\/\/ From (examples\/[\w.]+\.ts):$/;

const typescript = blocks.filter((block) => block.language === "ts");
const fragments = typescript.filter((block) => fragmentMarker.test(block.body.split("\n")[0] ?? ""));
const programs = typescript.filter((block) => !fragments.includes(block));

test("the pages have both kinds of TypeScript blocks, and no other language is left unchecked", () => {
  expect(pages.length).toBeGreaterThan(5);
  expect(fragments.length).toBeGreaterThan(3);
  expect(programs.length).toBeGreaterThan(2);
  expect([...new Set(blocks.map((block) => block.language))].sort()).toEqual([
    "sh",
    "solidity",
    "toml",
    "ts",
  ]);
  // Solidity and TOML only in the README's quickstarts, which the package test runs.
  const runOnly = blocks.filter((block) => block.language === "solidity" || block.language === "toml");
  expect(runOnly.length).toBeGreaterThan(2);
  for (const block of runOnly) expect(quickstartBlocks, block.at).toContain(block.at);
  expect(readFileSync(join(root, "test/package/pack.test.ts"), "utf8")).toContain("runQuickstart(");
});

test("the README keeps the two commands near the top, exactly (CI runs the test command)", () => {
  const first = blocks.find((block) => block.page === "README.md");
  expect(first?.body).toMatch(/^npm ci && npm run demo +# .+\nnpm test +# .+\n$/);
  expect(first?.line).toBeLessThan(30);
  expect(readme.split("\n").length).toBeLessThanOrEqual(320);
});

test("every relative link of the README and the guides leads to a file, and to a heading there", () => {
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
  const headings = (text: string) =>
    new Set(
      text
        .replace(/^```[\s\S]*?^```/gm, "")
        .split("\n")
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => slug(line.replace(/^#+ /, ""))),
    );
  const broken: string[] = [];
  let count = 0;
  for (const { page, text } of pages)
    for (const match of text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] as string;
      if (/^[a-z]+:/.test(target)) continue;
      count++;
      const [path, anchor] = target.split("#") as [string, string | undefined];
      const file = path === "" ? join(root, page) : join(root, dirname(page), path);
      if (!existsSync(file)) broken.push(`${page}: ${target} (no ${relative(root, file)})`);
      else if (anchor && !headings(readFileSync(file, "utf8")).has(anchor))
        broken.push(`${page}: ${target} (no heading #${anchor})`);
    }
  expect(count).toBeGreaterThan(20);
  expect(broken).toEqual([]);
});

describe("every marked TypeScript excerpt is its example's lines, contiguous and in order", () => {
  test.each(fragments.map((block) => [block.at, block] as const))("%s", (_, block) => {
    const [marker, ...lines] = block.body.replace(/\n$/, "").split("\n");
    const file = (fragmentMarker.exec(marker ?? "") as RegExpExecArray)[1] as string;
    const source = readFileSync(join(root, file), "utf8").split("\n");
    const trimmed = (line: string) => line.trimEnd();
    // The excerpt may be indented less than in the example (it leaves the enclosing function).
    const start = source.findIndex((_, i) =>
      lines.every((line, k) => {
        const original = source[i + k];
        return original !== undefined && trimmed(original).trimStart() === trimmed(line).trimStart();
      }),
    );
    expect(start, `${block.at}: not a contiguous excerpt of ${file}:\n${lines.join("\n")}`).not.toBe(-1);
  });
});

test("every whole TypeScript program is kept as pasted in test/readmePrograms/, which `npm run typecheck` compiles", () => {
  // One compiler run for the project and the pages' programs, with the project's strict settings.
  const kept = readdirSync(join(root, readmeProgramsFolder)).sort();
  const expected = readmePrograms(root);
  const stale = "out of date: run `npx tsx test/support/readmePrograms.ts`";
  expect(kept, stale).toEqual(expected.map((program) => program.file).sort());
  for (const { file, at, body } of expected)
    expect(readFileSync(join(root, readmeProgramsFolder, file), "utf8"), `${at}: ${stale}`).toBe(body);
  expect(expected.map((program) => program.at)).toEqual(programs.map((block) => block.at));
});

/** The words of a shell line, quotes removed; env assignments and comments dropped. */
function words(line: string): string[] {
  const tokens = line.replace(/\s#.*$/, "").match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  return tokens.map((token) => token.replace(/^["']|["']$/g, ""));
}

/** Each `attestkit ...` invocation of the sh blocks: its words after `attestkit`. */
function invocations(): { line: string; args: string[] }[] {
  const found: { line: string; args: string[] }[] = [];
  for (const block of blocks.filter((b) => b.language === "sh")) {
    const joined = block.body.replace(/\\\n\s*/g, " ");
    for (const line of joined.split("\n")) {
      if (line.trimStart().startsWith("#")) continue;
      for (const part of line.split(/\s(?:&&|\|)\s|\s&\s*$/)) {
        const all = words(part);
        // `npx attestkit ...`, or `attestkit ...` after any VAR=value assignments (not `npm install attestkit`).
        const at = all.findIndex(
          (word, i) =>
            word === "attestkit" && all.slice(0, i).every((w) => w === "npx" || /^[A-Z_]+=/.test(w)),
        );
        if (at === -1) continue;
        // `[--option VALUE]` in a usage line: optional, still an option that must exist.
        const args = all.slice(at + 1).map((word) => word.replace(/^\[|\]$/g, ""));
        found.push({
          line: line.trim(),
          args: args.filter((word) => word !== "" && word !== "&" && word !== ">" && !word.startsWith(">")),
        });
      }
    }
  }
  return found;
}

/** The options a command takes: its own and every ancestor's (the global ones). */
function optionsOf(command: Command): Option[] {
  const own = [...command.options];
  return command.parent ? [...own, ...optionsOf(command.parent)] : own;
}

describe("every attestkit command line of the README and the guides parses", () => {
  const program = createProgram(captureIo());
  const found = invocations();
  test("there are some", () => expect(found.length).toBeGreaterThan(15));
  test.each(found.map((entry) => [entry.line, entry] as const))("%s", (_, { args }) => {
    let command: Command = program;
    let i = 0;
    const unknown: string[] = [];
    while (i < args.length) {
      const word = args[i] as string;
      const sub = word.startsWith("-") ? undefined : command.commands.find((c) => c.name() === word);
      if (sub) {
        command = sub;
        i++;
        continue;
      }
      if (word.startsWith("-") && word !== "-") {
        const [flag] = word.split("=");
        const option = optionsOf(command).find((o) => o.long === flag || o.short === flag);
        if (!option) unknown.push(`${flag} (on "${command.name()}")`);
        // An option that takes a value consumes the next word, unless given as --flag=value.
        if (option && (option.required || option.optional) && !word.includes("=")) i++;
      }
      i++;
    }
    expect(command, `no command in: attestkit ${args.join(" ")}`).not.toBe(program);
    expect(unknown).toEqual([]);
  });
});
