// `npm install PACKAGE...` of a README quickstart, in a project the package test made: what that
// install would put in node_modules, without downloading it again. The packages the quickstart
// installs from the registry are taken from an install of the packed tarballs made once for all the
// quickstarts (attestkit, @attestkit/devnet and what they pull in), and the tools it names (solc,
// forge, hardhat, tsx) from the checkout's node_modules, at the versions the checkout pins, which must
// satisfy what the quickstart asks for. Anything else fails: the quickstart would need a package the
// test does not provide.
//
//   QUICKSTART_INSTALLED=<node_modules of the tarballs' install> QUICKSTART_TOOLS=<checkout's node_modules>
//   node npmInstallStandIn.mjs install [--save-dev] PACKAGE[@RANGE]...
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";

const installed = process.env.QUICKSTART_INSTALLED;
const tools = process.env.QUICKSTART_TOOLS;
if (!installed || !tools) throw new Error("QUICKSTART_INSTALLED and QUICKSTART_TOOLS must be set");
const target = resolve("node_modules");
const [command, ...args] = process.argv.slice(2);
if (command !== "install" && command !== "i") throw new Error(`not an install: npm ${command}`);

/** `name@range` (the name may be scoped) split in two; no range is any version. */
function parseSpec(spec) {
  const at = spec.indexOf("@", 1);
  return at === -1 ? { name: spec, range: "" } : { name: spec.slice(0, at), range: spec.slice(at + 1) };
}

/** Whether `version` satisfies `range` (empty, exact, or a caret range: all the quickstarts write). */
function satisfies(version, range) {
  if (range === "" || range === "latest") return true;
  const parse = (text) => text.split("-")[0].split(".").map(Number);
  if (!range.startsWith("^")) return version === range;
  const [have, want] = [parse(version), parse(range.slice(1))];
  const fixed = want[0] !== 0 ? 1 : 2; // ^1.2.3 fixes the major; ^0.8.28 the minor too
  for (let i = 0; i < 3; i++) {
    if (i < fixed && have[i] !== want[i]) return false;
    if (have[i] !== want[i]) return have[i] > want[i];
  }
  return true;
}

/** Links `from` at `to`, unless something is there (another quickstart's install may link it too). */
function link(from, to) {
  if (existsSync(to) || isLink(to)) return;
  mkdirSync(dirname(to), { recursive: true });
  try {
    symlinkSync(from, to, "dir");
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
}
const isLink = (path) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** Every package of a node_modules folder, scoped ones included. */
function packagesOf(folder) {
  return readdirSync(folder)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(folder, name)).map((inner) => `${name}/${inner}`) : [name],
    );
}

/** Links a package's commands into node_modules/.bin, as npm does. */
function linkBins(name) {
  const dir = realpathSync(join(target, name));
  const { bin } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const bins = typeof bin === "string" ? { [name.split("/").pop()]: bin } : (bin ?? {});
  for (const [command, file] of Object.entries(bins))
    if (!existsSync(join(target, ".bin", command))) {
      mkdirSync(join(target, ".bin"), { recursive: true });
      link(join(dir, file), join(target, ".bin", command));
    }
}

// What the tarballs' install holds is what this install would resolve too.
// Read once: another quickstart's install beside this one may add a tool there meanwhile.
const present = packagesOf(installed);
for (const name of present) link(join(installed, name), join(target, name));
for (const name of present) linkBins(name);

const missing = [];
for (const spec of args.filter((arg) => !arg.startsWith("-"))) {
  const { name, range } = parseSpec(spec);
  if (!existsSync(join(installed, name))) {
    // A tool: into the tarballs' install (so that its packages resolve it too), then here.
    if (!existsSync(join(tools, name))) {
      missing.push(spec);
      continue;
    }
    link(join(tools, name), join(installed, name));
  }
  // Linked here whoever put it in the tarballs' install: the quickstarts install side by side, and
  // another one's install may have linked this tool there after the loop above ran.
  link(join(installed, name), join(target, name));
  const { version } = JSON.parse(readFileSync(join(target, name, "package.json"), "utf8"));
  if (!satisfies(version, range)) missing.push(`${spec} (the test has ${version})`);
  linkBins(name);
}
if (missing.length > 0) {
  console.error(`npm install: the package test cannot provide ${missing.join(", ")}`);
  process.exit(1);
}
console.log(`installed ${args.join(" ")} (stand-in)`);
