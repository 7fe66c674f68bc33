import { runCli } from "./createProgram.js";
import { suppressSqliteWarning } from "./suppressSqliteWarning.js";

suppressSqliteWarning();
process.exitCode = await runCli(process.argv.slice(2));
