import { CliError, type DevnetScenario, devnetScenarios, exitCodes } from "attestkit/cli";

/**
 * The scenario `runDevnetScenario` drives a request into, by name: an unknown one, an incident
 * (which changes a chain, not a request) or one the devnet cannot run is a bad-input `CliError`.
 *
 * @param name - The scenario's name, as `devnet trigger` takes it.
 * @returns The scenario. {@link DevnetScenario}
 * @example
 * findRequestScenario("ttl-expired") // { name: "ttl-expired", end: "refund, failReason TTL_EXPIRED: …" }
 */
export function findRequestScenario(name: string): DevnetScenario {
  const scenario = devnetScenarios.find((s) => s.name === name);
  if (!scenario)
    throw new CliError(
      `Unknown scenario ${JSON.stringify(name)}: one of ${devnetScenarios.map((s) => s.name).join(", ")}.`,
      { exitCode: exitCodes.badInput },
    );
  if (name === "chain-disabled" || name === "block-lagging")
    throw new CliError(`Scenario ${name} is an incident, not a request: run it with runDevnetIncident.`, {
      exitCode: exitCodes.badInput,
    });
  if (scenario.unavailable)
    throw new CliError(`Scenario ${name} is unavailable: ${scenario.unavailable}.`, {
      exitCode: exitCodes.badInput,
    });
  return scenario;
}
