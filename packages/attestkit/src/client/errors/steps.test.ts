import { expect, test } from "vitest";
import {
  InvalidStepItemError,
  MissingStepHandlerError,
  StepCheckFailedError,
  StepCheckTimeoutError,
  TransactionRevertedError,
} from "./steps.js";

test("step errors", () => {
  expect(new MissingStepHandlerError({ handler: "signPsbt", stepId: "deposit" }).shortMessage).toBe(
    'Step "deposit" needs the handler "signPsbt", which was not given.',
  );
  expect(new InvalidStepItemError({ stepId: "s", itemIndex: 1, reason: "it has no data" }).shortMessage).toBe(
    'Step "s" item 1 cannot be executed: it has no data.',
  );
  expect(new TransactionRevertedError({ hash: "0x12", chainId: 1, stepId: "deposit" }).metaMessages).toEqual([
    "Transaction: 0x12",
  ]);
  const failed = new StepCheckFailedError({
    stepId: "deposit",
    status: "refund",
    statusResponse: { failReason: "TTL_EXPIRED" },
  });
  expect(failed.metaMessages).toEqual(["Fail reason: TTL_EXPIRED"]);
  expect(
    new StepCheckFailedError({ stepId: "d", status: "refund", statusResponse: { failReason: "N/A" } })
      .metaMessages,
  ).toEqual([]);
  expect(
    new StepCheckTimeoutError({ stepId: "d", timeoutMs: 5, lastStatus: "waiting" }).metaMessages,
  ).toEqual(["Last status: waiting"]);
});
