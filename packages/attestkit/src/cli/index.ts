/**
 * The `attestkit` command line as a library (`attestkit/cli`): the program, and the parts its
 * devnet commands share with `@attestkit/devnet` (the devnet package's `cli` module implements
 * `DevnetCliModule` with them): the exit codes, the error that carries one, the output streams,
 * the styled text and the devnet's scenarios.
 *
 * @module cli
 */
export { CliError, type CliErrorType } from "./cliError.js";
export { createProgram, defaultApi, type RunCliErrorType, runCli } from "./createProgram.js";
export { defaultDevnetPort } from "./defaultDevnetPort.js";
export type {
  DevnetCliModule,
  DevnetOptions,
  DevnetTriggerOptions,
  RunDevnetControl,
} from "./devnetCliTypes.js";
export { type DevnetScenario, devnetScenarios } from "./devnetScenarios.js";
export { type ExitCode, exitCodes } from "./exitCodes.js";
export {
  type CreateTerminalIoParameters,
  createTerminalIo,
  type Io,
  processIo,
  type TerminalStream,
} from "./io.js";
export { maxResponseBytes, type ReadResponseJsonErrorType, readResponseJson } from "./readResponseJson.js";
export { type ReportErrorParameters, reportError } from "./reportError.js";
export { statusStyle } from "./statusStyle.js";
export { type Line, type StyledText, styled, type TextStyle } from "./styledText.js";
