// Emits a package's dist/ as its `build:emit` does, in one process: the declarations with their
// comments (the API's documentation travels with the types), the JavaScript without them (smaller
// to install and load). Emit only: the typecheck checks the same sources.
//
//   node scripts/build/emit.mjs [PACKAGE_DIR ...]   (default: the current directory)
//
// Several package directories are emitted in order, in one process, with one cache of parsed files
// (viem's and Node's declarations are read once): list a package after those it imports, which must
// resolve to their emitted dist/ (as npm's workspace links or a staging copy's links make them do).
// A package with src/dashboard/assets gets them copied beside its compiled modules (read at run
// time from next to dashboardAssets.js).
import { cpSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";

/** A compiler host that parses each file once, whatever program asks for it. */
function cachingHost(options) {
  const host = ts.createCompilerHost(options);
  const parsed = new Map();
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, fresh) => {
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!fresh && parsed.has(key)) return parsed.get(key);
    const file = read(fileName, languageVersion, onError, fresh);
    if (file) parsed.set(key, file);
    return file;
  };
  return host;
}

/** The package's tsconfig.build.json, as tsc -p reads it. */
function readBuildConfig(dir) {
  const path = resolve(dir, "tsconfig.build.json");
  const config = ts.getParsedCommandLineOfConfigFile(
    path,
    { noCheck: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`${path} could not be read`);
  if (config.errors.length > 0) throw new Error(formatDiagnostics(config.errors));
  return config;
}

function formatDiagnostics(diagnostics) {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  });
}

/** One emit of the package's files under `options`; throws on any emit diagnostic. */
function emitOnce(config, options, host, oldProgram) {
  const program = ts.createProgram({ rootNames: config.fileNames, options, host, oldProgram });
  const result = program.emit();
  const diagnostics = [...program.getOptionsDiagnostics(), ...result.diagnostics];
  if (result.emitSkipped || diagnostics.length > 0)
    throw new Error(`emit failed:\n${formatDiagnostics(diagnostics)}`);
  return program;
}

/** Emits one package directory: declarations with comments, then JavaScript without. */
function emitPackage(dir, host) {
  const config = readBuildConfig(dir);
  const base = { ...config.options, noCheck: true };
  const declarations = emitOnce(
    config,
    { ...base, declaration: true, emitDeclarationOnly: true },
    host,
    undefined,
  );
  emitOnce(config, { ...base, declaration: false, removeComments: true }, host, declarations);
  const assets = resolve(dir, "src/dashboard/assets");
  if (existsSync(assets)) cpSync(assets, resolve(dir, "dist/dashboard/assets"), { recursive: true });
}

const dirs = process.argv.length > 2 ? process.argv.slice(2) : ["."];
const host = cachingHost(readBuildConfig(dirs[0]).options);
for (const dir of dirs) emitPackage(resolve(dir), host);
