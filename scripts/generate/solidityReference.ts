import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

// The attestkit package: the page names its contracts as the package ships them (`contracts/...`).
const root = fileURLToPath(new URL("../../packages/attestkit/", import.meta.url));
const require = createRequire(import.meta.url);

/** The shipped contracts the page documents: everything under the package's contracts/ but the devnet depository. */
function publicSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? entry.name === "devnet"
          ? []
          : walk(join(dir, entry.name))
        : entry.name.endsWith(".sol")
          ? [join(dir, entry.name)]
          : [],
    );
  return walk(join(root, "contracts"))
    .map((path) => relative(root, path))
    .sort();
}

type Node = {
  nodeType: string;
  name?: string;
  kind?: string;
  contractKind?: string;
  visibility?: string;
  stateMutability?: string;
  documentation?: { text?: string } | string | null;
  nodes?: Node[];
  members?: Node[];
  parameters?: { parameters: Node[] };
  returnParameters?: { parameters: Node[] };
  typeDescriptions?: { typeString?: string };
  storageLocation?: string;
  abstract?: boolean;
};

/** The abstract syntax trees of the public contracts, from solc run directly (the `solc` package, no codegen). */
function compileAsts(sources: string[]): Map<string, Node> {
  const solc = require("solc") as { compile: (input: string, options: unknown) => string };
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(
      sources.map((path) => [path, { content: readFileSync(join(root, path), "utf8") }]),
    ),
    settings: {
      remappings: ["solady/=node_modules/solady/src/"],
      outputSelection: { "*": { "": ["ast"] } },
    },
  };
  // The package's own files, else the workspace's installed packages (node_modules/solady).
  const findImports = (path: string) => {
    for (const base of [root, join(root, "../..")])
      try {
        return { contents: readFileSync(join(base, path), "utf8") };
      } catch {}
    return { error: `not found: ${path}` };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    sources: Record<string, { ast: Node }>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  return new Map(sources.map((path) => [path, (output.sources[path] as { ast: Node }).ast]));
}

const docText = (node: Node): string =>
  (typeof node.documentation === "string" ? node.documentation : (node.documentation?.text ?? "")).trim();

/** NatSpec text as Markdown: `@notice` is the text, `@dev` a paragraph, `@param`/`@return` a list. */
function renderDoc(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  const params: string[] = [];
  // A paragraph, or one item of a list (`- ...`, `1. ...`, `O1. ...`) kept as a markdown list line.
  let current: { tag: string; lines: string[]; item?: string | undefined } = { tag: "notice", lines: [] };
  const flush = () => {
    const body = current.lines.join(" ").replace(/\s+/g, " ").trim();
    if (!body) return;
    if (current.tag === "param" || current.tag === "return") {
      const [name, ...rest] = body.split(" ");
      params.push(current.tag === "param" ? `- \`${name}\`: ${rest.join(" ")}` : `- returns: ${body}`);
    } else if (current.item !== undefined)
      // Numbered items are a markdown ordered list; `-` and lettered ones (`O1.`) a bullet list.
      out.push(
        /^\d+\.$/.test(current.item)
          ? `${current.item} ${body}`
          : `- ${current.item === "-" ? "" : `${current.item} `}${body}`,
      );
    else if (current.tag === "notice" || current.tag === "dev") out.push(body, "");
    else if (current.tag === "author" || current.tag === "title" || current.tag.startsWith("custom:")) return;
    else out.push(`${current.tag}: ${body}`, "");
  };
  const prose = (tag: string) => (tag === "param" || tag === "return" ? "dev" : tag);
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const tag = /^@(\S+)\s*(.*)$/.exec(line);
    const item = /^(-|[A-Z]?\d+\.)\s+(.*)$/.exec(line);
    if (tag) {
      flush();
      current = { tag: tag[1] as string, lines: [tag[2] as string] };
    } else if (line === "") {
      // A blank line inside a tag keeps the paragraphs apart (and ends a list).
      const ended = current.item !== undefined;
      flush();
      if (ended) out.push("");
      current = { tag: prose(current.tag), lines: [] };
    } else if (item && (current.tag === "notice" || current.tag === "dev")) {
      // A list item: the paragraph before it ends, and each item is a line of its own.
      flush();
      if (current.item === undefined && out.length > 0 && out.at(-1) !== "") out.push("");
      current = { tag: current.tag, lines: [item[2] as string], item: item[1] as string };
    } else if (current.item !== undefined && !/^\s{3,}/.test(raw)) {
      // A line back at the left margin after a list: a new paragraph.
      flush();
      out.push("");
      current = { tag: current.tag, lines: [line] };
    } else if (
      current.item === undefined &&
      (current.tag === "notice" || current.tag === "dev") &&
      /[.)]$/.test(current.lines.at(-1) ?? "") &&
      /^[A-Z][\w ()`.-]{0,40}: /.test(line)
    ) {
      // solc drops the blank NatSpec lines between paragraphs: a topic line ("Refunds: ...", "Gas: ...")
      // after a finished sentence starts one.
      flush();
      current = { tag: current.tag, lines: [line] };
    } else current.lines.push(line);
  }
  flush();
  if (out.length > 0 && out.at(-1) !== "") out.push("");
  if (params.length > 0) out.push(...params, "");
  return out;
}

const parameterList = (list: Node[] | undefined) =>
  (list ?? [])
    .map((parameter) =>
      [
        parameter.typeDescriptions?.typeString
          ?.replace(/^(struct|enum|contract) /, "")
          .replace(/ (memory|calldata|storage)( pointer| ref)?$/, ""),
        parameter.storageLocation && parameter.storageLocation !== "default"
          ? parameter.storageLocation
          : undefined,
        parameter.name,
      ]
        .filter(Boolean)
        .join(" "),
    )
    .join(", ");

function signature(node: Node): string {
  const params = parameterList(node.parameters?.parameters);
  if (node.nodeType === "EventDefinition") return `event ${node.name}(${params})`;
  if (node.nodeType === "ErrorDefinition") return `error ${node.name}(${params})`;
  if (node.nodeType === "ModifierDefinition") return `modifier ${node.name}(${params})`;
  const name = node.kind === "function" ? `function ${node.name}` : (node.kind ?? "function");
  const returns = parameterList(node.returnParameters?.parameters);
  const mutability =
    node.stateMutability && node.stateMutability !== "nonpayable" ? ` ${node.stateMutability}` : "";
  return `${name}(${params}) ${node.visibility}${mutability}${returns ? ` returns (${returns})` : ""}`;
}

/**
 * The hand-written design notes (docs/design/*.md): each one's title becomes a section of the page
 * and its sections one level below, so that the reference and the reasons read as one page.
 */
function designNotes(): string[] {
  const dir = join(root, "../../docs/design");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .flatMap((name) => {
      const [title = "", ...rest] = readFileSync(join(dir, name), "utf8").split("\n");
      const body = rest.join("\n").replace(/^(#+) /gm, "#$1 ");
      return ["", `## Design notes: ${title.replace(/^# /, "").replace(/: design notes$/, "")}`, body];
    });
}

/**
 * Renders docs/solidity.md: every public contract, library and interface under contracts/ (not the
 * devnet's), with its structs, functions (internal ones included: the libraries are all internal),
 * events and errors, and their NatSpec, read from solc's abstract syntax tree.
 *
 * @returns The Markdown page.
 */
export function renderSolidityReference(): string {
  const sources = publicSources();
  const asts = compileAsts(sources);
  const parts = [
    "# attestkit Solidity reference",
    "",
    "<!-- Generated by scripts/generate.ts (docs) from the NatSpec of contracts/ (solc's syntax tree). Do not edit: run `npm run generate`. -->",
    "",
    'Import paths: `import {AttestationLib} from "attestkit/contracts/libraries/AttestationLib.sol";` with',
    "Hardhat (npm resolution) and Foundry (the package's `remappings.txt`); see the repository's",
    'integrator guide (`docs/guides/integrator.md`), "Solidity: importing the contracts".',
  ];
  for (const path of sources) {
    const ast = asts.get(path) as Node;
    parts.push("", `## ${path.replace(/^contracts\//, "")}`, "");
    for (const node of ast.nodes ?? []) {
      if (node.nodeType === "StructDefinition") {
        parts.push(
          `### struct ${node.name}`,
          "",
          ...renderDoc(docText(node)),
          "```solidity",
          `struct ${node.name} {`,
        );
        for (const member of node.members ?? [])
          parts.push(
            `    ${member.typeDescriptions?.typeString?.replace(/^(struct|enum|contract) /, "")} ${member.name};`,
          );
        parts.push("}", "```", "");
      }
      if (node.nodeType !== "ContractDefinition") continue;
      const kind = node.abstract ? `abstract ${node.contractKind}` : node.contractKind;
      parts.push(`### ${kind} ${node.name}`, "", ...renderDoc(docText(node)));
      for (const member of node.nodes ?? []) {
        const documented = ["FunctionDefinition", "EventDefinition", "ErrorDefinition", "ModifierDefinition"];
        if (!documented.includes(member.nodeType)) continue;
        if (member.visibility === "private") continue;
        // The heading is the member's name (plain text, so tables of contents keep it); its whole
        // signature follows as code.
        parts.push(
          `#### ${member.nodeType.replace("Definition", "").toLowerCase()} ${member.name || member.kind}`,
          "",
          "```solidity",
          signature(member),
          "```",
          "",
          ...renderDoc(docText(member)),
        );
      }
    }
  }
  parts.push("", ...designNotes());
  return `${parts
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
