// Runs the built CLI in this process, then reports the process's peak resident memory and CPU time
// (all its threads) on stderr as the last line: {"maxRssBytes": N, "cpuMicros": N}. Used by the
// audit bench:
//   node bench/cliChild.mjs <path of dist/cli/main.js> audit FILE ...
import { pathToFileURL } from "node:url";

const [main, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], main, ...args];
process.on("exit", () => {
  const usage = process.resourceUsage();
  const cpuMicros = usage.userCPUTime + usage.systemCPUTime;
  process.stderr.write(`\n${JSON.stringify({ maxRssBytes: usage.maxRSS * 1024, cpuMicros })}\n`);
});
await import(pathToFileURL(main).href);
