import { expect, test } from "vitest";
import { finalStatuses, isFinalStatus, requestStatuses } from "../../../attestkit/src/schemas/statuses.js";
import { type DevnetStatus, initialStatuses, transitions } from "./transitions.js";

const statuses = Object.keys(transitions) as DevnetStatus[];

test("default: every devnet status is a request status of the schemas", () => {
  for (const status of statuses) expect(requestStatuses, status).toContain(status);
  for (const targets of Object.values(transitions))
    for (const status of targets) expect(statuses, status).toContain(status);
  for (const status of initialStatuses) expect(statuses, status).toContain(status);
});

test("the statuses the table never leaves are exactly the schemas' final statuses the devnet uses", () => {
  const terminal = statuses.filter((status) => transitions[status].length === 0);
  expect(terminal.sort()).toEqual(
    finalStatuses.filter((status) => statuses.includes(status as never)).sort(),
  );
  // failure is left (to refund): the schemas do not count it as final either.
  expect(transitions.failure.length).toBeGreaterThan(0);
  expect(isFinalStatus("failure")).toBe(false);
});
