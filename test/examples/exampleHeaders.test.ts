// Every example's header says how to run it and lists exactly what it reads: each environment
// variable its code reads (`process.env.X`, or `env("X")` through a local helper), with its meaning
// and its default, the files it reads, and the packages to install beside attestkit.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const directory = fileURLToPath(new URL("../../examples/", import.meta.url));
const examples = readdirSync(directory)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => {
    const source = readFileSync(join(directory, file), "utf8");
    const match = /^\/\*\*\n([\s\S]*?)\n \*\/\n/.exec(source);
    return { file, header: match?.[1] ?? "", code: source.slice(match?.[0].length ?? 0) };
  });

/** The variables a header lists, one `*   NAME   meaning` row each under ` * Environment`, with their text. */
function listedVariables(header: string): Map<string, string> {
  const lines = header.split("\n");
  const start = lines.findIndex((line) => line.startsWith(" * Environment"));
  const listed = new Map<string, string>();
  let last: string | undefined;
  for (const line of start === -1 ? [] : lines.slice(start + 1)) {
    const row = /^ \* {3}([A-Z][A-Z0-9_]*) {2,}(\S.*)$/.exec(line);
    const continued = /^ \* {4,}(\S.*)$/.exec(line);
    if (row) {
      last = row[1] as string;
      expect(listed.has(last), `${last} is listed twice`).toBe(false);
      listed.set(last, row[2] as string);
    } else if (continued && last) listed.set(last, `${listed.get(last)} ${continued[1]}`);
    else break;
  }
  return listed;
}

/** The variables the code reads, by name. */
function readVariables(code: string): string[] {
  const names = [
    ...[...code.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1] as string),
    ...[...code.matchAll(/\benv\("([A-Z][A-Z0-9_]*)"\)/g)].map((match) => match[1] as string),
  ];
  return [...new Set(names)].sort();
}

test("default: payOrder's header lists the ten variables it reads", () => {
  const payOrder = examples.find((example) => example.file === "payOrder.ts");
  const read = readVariables(payOrder?.code ?? "");
  expect(read).toHaveLength(10);
  expect([...listedVariables(payOrder?.header ?? "").keys()].sort()).toEqual(read);
});

test.each(examples)(
  "$file: the header lists exactly the environment variables it reads, each with its default",
  ({ header, code }) => {
    // A variable read by a computed name is read only through the `env` helper, whose calls are counted.
    const computed = code.match(/process\.env\[/g) ?? [];
    expect(computed.length).toBeLessThanOrEqual(1);
    if (computed.length > 0) expect(code).toMatch(/const env = \(name: string\)/);
    const listed = listedVariables(header);
    expect([...listed.keys()].sort()).toEqual(readVariables(code));
    for (const [name, meaning] of listed)
      expect(
        `${header.split("\n").find((line) => line.startsWith(" * Environment"))} ${meaning}`,
        name,
      ).toMatch(/default|required/);
  },
);

test.each(examples)("$file: the header lists the files it reads", ({ header, code }) => {
  const files = /^ \* Files: (.*)$/m.exec(header)?.[1];
  expect(files).toBeDefined();
  if (/readFileSync|createReadStream/.test(code)) expect(files).not.toBe("none.");
  else expect(files).toBe("none.");
});

test.each(examples)(
  "$file: the header says how to run it and what to install beside attestkit",
  ({ file, header, code }) => {
    const text = header.replace(/\n \* ?/g, " ");
    expect(text).toContain(`npx tsx examples/${file}`);
    expect(text).toContain('An ES module: run it with `npx tsx`, or from a project with "type": "module"');
    const installed = [...text.matchAll(/`npm install (?:--save-dev )?([^`]+)`/g)].flatMap((match) =>
      (match[1] as string).split(/\s+/),
    );
    const imported = [...code.matchAll(/^import [^;]*? from "([^"]+)";$/gm)]
      .map((match) => match[1] as string)
      .filter((specifier) => !specifier.startsWith("node:"))
      .map((specifier) =>
        (specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2)
          : specifier.split("/").slice(0, 1)
        ).join("/"),
      );
    expect(imported.length).toBeGreaterThan(0);
    // viem is attestkit's peer: installed beside it even where the example does not import it.
    for (const name of new Set([...imported, "attestkit", "viem"])) expect(installed, name).toContain(name);
  },
);
