import { runCli } from "./createProgram.js";

process.exitCode = await runCli(process.argv.slice(2));
