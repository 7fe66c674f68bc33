import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAbiItem,
  type Hex,
  isAddressEqual,
  toEventSelector,
} from "viem";
import { devnetDepositoryAbi } from "../../contracts/devnet/abis.js";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { payFromDepository } from "../chains/payFromDepository.js";
import { readBalance } from "../chains/readBalance.js";
import { nativeCurrencyAddress } from "../constants.js";
import { DevnetChainNotFoundError, FillInterruptedError, RefundRevertedError } from "../errors.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { RequestPatch, RequestStore } from "../state/createRequestStore.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import type { DepositAddressTransfer } from "./createDepositAddressWatcher.js";
import { type DepositDecision, decideDeposit } from "./decideDeposit.js";
import { decideFill, type FillSimulation } from "./decideFill.js";
import { planFill } from "./planFill.js";
import { planRefund } from "./planRefund.js";
import { revertDetails } from "./revertDetails.js";

/** What the solver needs of one chain. */
export type SolverChain = {
  chainId: number;
  request: ChainRequest;
  sender: TransactionSender;
  contracts: DevnetContracts;
};

export type Solver = {
  /** Takes an indexed deposit through the state machine (fill, or refund); never throws. */
  handleDeposit: (deposit: Deposit) => void;
  /**
   * Takes up a request restored from a state directory whose processing a crash cut short: a
   * `submitted` fill whose transactions are all on chain ends in `success` (or `failure` and a refund
   * if one reverted); a `pending` quoted request with no transaction yet and no payout on chain is
   * filled. Anything that may already have moved money (a refund, destination calls, a fill cut
   * between two transactions) is left as it is and logged: never paid twice. Never throws.
   */
  resume: (requestId: Hex) => void;
  /**
   * Whether a payout for the request is already out: a `DevnetFill` for it on its EVM destination,
   * or a payment bound to it on an external destination (`externalFollowers`).
   */
  hasPayout: (requestId: Hex) => Promise<boolean>;
  /**
   * A transfer into a request's deposit address was seen, before the sweep: the request moves to
   * `depositing` and its `depositAddress.depositTxHash` is set (the first transfer's).
   */
  handleDepositAddressTransfer: (transfer: DepositAddressTransfer) => void;
  /**
   * Fills a `pending` request whose deposit was taken elsewhere (a Bitcoin deposit, once confirmed):
   * `decideFill`, the payout, `submitted` then `success` (or `failure` and a refund). Resolves when
   * done; never rejects.
   */
  fill: (requestId: Hex) => Promise<void>;
  /** Resolves when every deposit handed over so far is fully processed. */
  idle: () => Promise<void>;
};

/** Topic of `DevnetFill(bytes32 indexed id, ...)`: a payout for a request id. */
const devnetFillTopic = toEventSelector(getAbiItem({ abi: devnetDepositoryAbi, name: "DevnetFill" }));

/**
 * A payout on a chain that is not an EVM chain of the devnet (Bitcoin, the exchange): sends it and
 * answers its transaction hash (`submitted`) and a promise that settles once it is final (`success`)
 * or rejects (`failure`, then a refund). Throws before sending when it cannot pay (no liquidity).
 */
export type ExternalPayout = (request: DevnetRequest) => Promise<{ txHash: string; settled: Promise<void> }>;

/** Finds and follows a payout already sent to a non-EVM destination (after a restart). */
export type ExternalFollower = {
  /** The hash of a payment from the solver bound to the request, if one was sent. */
  find: (request: DevnetRequest) => string | undefined;
  /** Resolves once the payment of that hash is final; rejects when it is unknown or never will be. */
  follow: (txHash: string) => Promise<void>;
};

export type CreateSolverParameters = {
  store: RequestStore;
  chains: ReadonlyMap<number, SolverChain>;
  /** Payouts to the devnet's non-EVM destinations, by chain id (Bitcoin, the exchange). */
  externalPayouts?: ReadonlyMap<number, ExternalPayout> | undefined;
  /** How to find and follow a payout already sent on those destinations, by chain id (restarts). */
  externalFollowers?: ReadonlyMap<number, ExternalFollower> | undefined;
  log: (message: string) => void;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
  /**
   * Prices a request again for the whole `amount` received (EXACT_INPUT, the quote's app fees): an
   * open deposit address fills what arrives. Undefined when the amount does not cover the fees.
   */
  requote?: ((request: DevnetRequest, amount: bigint) => { amountOut: bigint } | undefined) | undefined;
  /**
   * The fee sponsor's sender per chain: once a `subsidizeFees` request is filled, it pays the
   * sponsored part on the origin chain (the native currency to the solver, which fronts native
   * fills; a token to the depository, which holds token liquidity).
   */
  sponsors?: ReadonlyMap<number, TransactionSender> | undefined;
};

/**
 * Creates the devnet solver: the executor of two pure decisions. `decideDeposit` says what a deposit
 * becomes (fill, refund, or a request of its own for a deposit no quote can take); `decideFill` says
 * whether a fill goes out once the destination chain was read (liquidity, a simulation of the
 * destination calls, the ttl). The executor only carries them out: every status change goes through
 * the store's transition table, every refund goes to the request's `refundTo` (`planRefund`), and a
 * failure is always followed by one refund attempt. A fill is the `txs` calls then the payout
 * (`planFill`): `submitted` once sent, `success` once mined; a revert on chain is a `failure`
 * followed by a refund. An overpayment is filled as quoted and the excess refunded.
 *
 * @param parameters - {@link CreateSolverParameters}
 * @returns The solver. {@link Solver}
 * @example
 * const solver = createSolver({ store, chains, log: console.warn })
 * indexer = createDepositIndexer({ ..., onDeposit: solver.handleDeposit })
 */
export function createSolver({
  store,
  chains,
  externalPayouts,
  externalFollowers = new Map(),
  log,
  now = Date.now,
  requote = () => undefined,
  sponsors = new Map(),
}: CreateSolverParameters): Solver {
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  const chainOf = (chainId: number): SolverChain => {
    const chain = chains.get(chainId);
    if (!chain) throw new DevnetChainNotFoundError({ chainId, chainIds: [...chains.keys()] });
    return chain;
  };
  /** The request as the store holds it now (records are replaced on every change). */
  const current = (requestId: Hex): DevnetRequest => store.get(requestId) as DevnetRequest;
  /** Adds to the request's details without a status change. */
  const addDetails = (requestId: Hex, details: Record<string, unknown>) =>
    store.update(requestId, { details: { ...current(requestId).details, ...details } });

  /** Pays `amount` of `currency` back from the depository of `chainId` to `to`; resolves once mined. */
  const payBack = ({
    chainId,
    ...payment
  }: {
    chainId: number;
    currency: Address;
    to: Address;
    amount: bigint;
  }) => {
    const chain = chainOf(chainId);
    return payFromDepository({ sender: chain.sender, depository: chain.contracts.depository, ...payment });
  };

  /** Moves the request to `failure` (unless it is there already). */
  const fail = (requestId: Hex, patch: RequestPatch) => {
    if (current(requestId).status !== "failure") store.transition(requestId, "failure", patch);
  };

  /** Refunds the request's whole deposit: `refund` once mined, else it stays in `failure` with the reason. */
  const refund = async (requestId: Hex, failReason: string) => {
    const plan = planRefund(current(requestId));
    if (plan.type === "impossible") {
      fail(requestId, { failReason });
      store.update(requestId, { refundFailReason: plan.refundFailReason });
      return;
    }
    try {
      const { hash, receipt } = await payBack(plan);
      if (receipt.status !== "success")
        throw new RefundRevertedError({ requestId, hash, chainId: plan.chainId });
      const request = current(requestId);
      store.transition(requestId, "refund", {
        failReason,
        txHashes: [...request.txHashes, hash],
        details: {
          ...request.details,
          refund: {
            chainId: plan.chainId,
            txHash: hash,
            currency: plan.currency,
            amount: plan.amount.toString(),
            recipient: plan.to,
          },
        },
      });
    } catch (error) {
      log(`refund of ${requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
      fail(requestId, { failReason });
      store.update(requestId, { refundFailReason: "UNKNOWN" });
    }
  };

  /** The one way a request fails: `failure` with the reason, then the refund of its deposit. */
  const failAndRefund = async (requestId: Hex, failReason: string, details?: Record<string, unknown>) => {
    store.transition(requestId, "failure", { failReason, ...(details ? { details } : {}) });
    await refund(requestId, failReason);
  };

  /**
   * The fallback route: the plain output to the recipient, without the destination calls (the
   * native value they would have carried goes to the recipient too); `fallback` once mined.
   */
  const fallback = async (requestId: Hex, details: Record<string, unknown>) => {
    const request = current(requestId);
    const chain = chainOf(request.destinationChainId);
    const hashes: Hex[] = [];
    for (const call of planFill({
      request: { ...request, txs: [] },
      depository: chain.contracts.depository,
    })) {
      const hash = await chain.sender.send(call);
      hashes.push(hash);
      const receipt = await chain.sender.waitForReceipt(hash);
      if (receipt.status !== "success")
        return failAndRefund(requestId, "UNKNOWN", { ...details, fallbackRevert: { txHash: hash } });
    }
    store.transition(requestId, "fallback", {
      failReason: "UNKNOWN",
      txHashes: hashes,
      details: { ...details, fallback: { reason: "a destination call reverts", txHashes: hashes } },
    });
  };

  /** Pays a non-EVM destination: `submitted` once sent, `success` once final; a refusal is a failure and a refund. */
  const fillExternal = async (requestId: Hex, payout: ExternalPayout) => {
    const request = current(requestId);
    if (request.expiresAt !== null && now() > request.expiresAt) return refund(requestId, "TTL_EXPIRED");
    let sent: Awaited<ReturnType<ExternalPayout>>;
    try {
      sent = await payout(request);
    } catch (error) {
      log(`payout of ${requestId} refused: ${error instanceof Error ? error.message : String(error)}`);
      return failAndRefund(requestId, "SOLVER_CAPACITY_EXCEEDED");
    }
    store.transition(requestId, "submitted", { txHashes: [sent.txHash as Hex] });
    try {
      await sent.settled;
    } catch (error) {
      log(`payout of ${requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
      return failAndRefund(requestId, "UNKNOWN");
    }
    store.transition(requestId, "success");
  };

  /** Reads the destination chain, asks `decideFill`, then sends the fill and follows it. */
  const fill = async (requestId: Hex) => {
    const request = current(requestId);
    const external = externalPayouts?.get(request.destinationChainId);
    if (external) return fillExternal(requestId, external);
    const chain = chainOf(request.destinationChainId);
    // Native liquidity is the solver's own balance; tokens are paid out of the depository.
    const liquidity = await readBalance({
      request: chain.request,
      currency: request.destinationCurrency,
      owner: isAddressEqual(request.destinationCurrency, nativeCurrencyAddress)
        ? chain.sender.address
        : chain.contracts.depository,
    });
    // The caller's calls are simulated before anything is sent: a revert costs the solver nothing.
    let simulation: FillSimulation;
    let gasUsed = 0n;
    for (const [index, call] of request.txs.entries()) {
      try {
        gasUsed += await chain.sender.estimateGas({ to: call.to, data: call.data, value: call.value });
      } catch (error) {
        simulation = { revert: revertDetails({ index, to: call.to, error }) };
        break;
      }
      // `txsGasLimit` caps the calls' total gas: the call that goes over it runs out of gas.
      if (request.txsGasLimit !== undefined && gasUsed > BigInt(request.txsGasLimit)) {
        simulation = {
          revert: {
            index,
            to: call.to,
            message: `out of gas: the calls need ${gasUsed} gas, txsGasLimit is ${request.txsGasLimit}`,
          },
        };
        break;
      }
    }
    const decision = decideFill({ request, liquidity, simulation, now: now() });
    if (decision.type === "fail") return failAndRefund(requestId, decision.failReason, decision.details);
    if (decision.type === "refund") return refund(requestId, decision.failReason);
    if (decision.type === "fallback") return fallback(requestId, decision.details);

    const hashes: Hex[] = [];
    for (const [index, call] of planFill({ request, depository: chain.contracts.depository }).entries()) {
      let hash: Hex;
      try {
        hash = await chain.sender.send(call);
      } catch (error) {
        // Refused at send (e.g. the call reverts in the gas estimate after all): nothing of it was mined.
        if (hashes.length === 0)
          return failAndRefund(requestId, "UNKNOWN", {
            ...current(requestId).details,
            revert: revertDetails({ index, to: call.to, error }),
          });
        throw new FillInterruptedError({ requestId, index, cause: error });
      }
      hashes.push(hash);
      if (hashes.length === 1) store.transition(requestId, "submitted", { txHashes: [hash] });
      else store.update(requestId, { txHashes: [...hashes] });
      const receipt = await chain.sender.waitForReceipt(hash);
      if (receipt.status !== "success")
        return failAndRefund(requestId, "UNKNOWN", {
          ...current(requestId).details,
          revert: { index, to: call.to, txHash: hash },
        });
    }
    store.transition(requestId, "success");
  };

  /** A deposit no open quote can take: a request of its own, refunded to the decided address. */
  const settleOrphan = async (deposit: Deposit, decision: Extract<DepositDecision, { type: "orphan" }>) => {
    const original = decision.original?.request;
    if (original && decision.original?.linkDuplicate) {
      // The original request links to the refund of the second deposit (no status change, no event).
      const duplicates = (current(original.requestId).details?.duplicateDeposits as Hex[] | undefined) ?? [];
      addDetails(original.requestId, { duplicateDeposits: [...duplicates, decision.requestId] });
    }
    const created = store.create(
      createDevnetRequest({
        requestId: decision.requestId,
        status: "pending",
        apiKey: original?.apiKey,
        referrer: original?.referrer ?? null,
        originChainId: deposit.chainId,
        destinationChainId: deposit.chainId,
        user: deposit.from,
        recipient: deposit.from,
        refundTo: decision.refundTo,
        originCurrency: deposit.currency,
        destinationCurrency: deposit.currency,
        amountIn: deposit.amount,
        amountOut: 0n,
        createdAt: now(),
        details: decision.details,
        deposit,
      }),
    );
    if (created) await refund(decision.requestId, decision.failReason);
  };

  /** The sponsor pays the sponsored part of a filled request's fees; reported in `details.feeSponsorship`. */
  const collectSponsorship = async (requestId: Hex) => {
    const request = current(requestId);
    const amount = request.subsidized ?? 0n;
    const sponsor = sponsors.get(request.originChainId);
    if (amount === 0n || !sponsor) return;
    const chain = chainOf(request.originChainId);
    const native = isAddressEqual(request.originCurrency, nativeCurrencyAddress);
    const hash = await sponsor.send(
      native
        ? { to: chain.sender.address, value: amount, gas: 21_000n }
        : {
            to: request.originCurrency,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: "transfer",
              args: [chain.contracts.depository, amount],
            }),
            gas: 100_000n,
          },
    );
    const receipt = await sponsor.waitForReceipt(hash);
    addDetails(requestId, {
      feeSponsorship: {
        actual: {
          sponsorPayment: {
            amount: amount.toString(),
            address: request.originCurrency,
            chainId: request.originChainId,
            payer: sponsor.address,
            txHash: hash,
            status: receipt.status,
          },
        },
      },
    });
  };

  /** Refunds an overpayment once the fill succeeded. */
  const payExcess = async (requestId: Hex, deposit: Deposit, excess: bigint) => {
    if (current(requestId).status !== "success" || excess <= 0n) return;
    const { hash } = await payBack({
      chainId: deposit.chainId,
      currency: deposit.currency,
      to: current(requestId).refundTo,
      amount: excess,
    });
    addDetails(requestId, {
      excessRefund: { chainId: deposit.chainId, txHash: hash, amount: excess.toString() },
    });
  };

  /** Says why a restored request is not taken up, and leaves it as it is. */
  const leave = (requestId: Hex, why: string) =>
    log(`restored request ${requestId} left in "${current(requestId).status}": ${why}; check it by hand`);

  const hasPayout = async (requestId: Hex) => {
    const request = current(requestId);
    const follower = externalFollowers.get(request.destinationChainId);
    if (follower) return follower.find(request) !== undefined;
    const chain = chainOf(request.destinationChainId);
    const payouts = (await chain.request({
      method: "eth_getLogs",
      params: [
        {
          address: chain.contracts.depository,
          fromBlock: "0x0",
          toBlock: "latest",
          topics: [devnetFillTopic, request.requestId.toLowerCase()],
        },
      ],
    })) as unknown[];
    return payouts.length > 0;
  };

  const resumeRequest = async (requestId: Hex) => {
    const request = current(requestId);
    if (!request) return;
    const follower = externalFollowers.get(request.destinationChainId);
    if (follower && request.status === "submitted") {
      const [hash] = request.txHashes;
      if (hash === undefined || request.txHashes.length !== 1)
        return leave(requestId, "its payout is not one transaction");
      try {
        await follower.follow(hash);
      } catch (error) {
        return leave(requestId, `payout ${hash}: ${error instanceof Error ? error.message : String(error)}`);
      }
      store.transition(requestId, "success");
      return;
    }
    if (follower) {
      if (request.status !== "pending" || !request.deposit || request.txHashes.length > 0) return;
      if (request.details !== null || request.txs.length > 0)
        return leave(requestId, "its refund or destination calls may have been sent");
      if (await hasPayout(requestId)) return leave(requestId, "a payout for it was sent");
      const decision = decideDeposit({
        deposit: request.deposit,
        request: { ...request, status: "waiting", deposit: undefined },
        now: request.updatedAt,
      });
      if (decision.type !== "fill") return leave(requestId, `its ${decision.type} may have been sent`);
      log(`restored request ${requestId}: the payout cut by the restart is sent now`);
      await fill(requestId);
      await payExcess(requestId, request.deposit, decision.excess);
      return;
    }
    const chain = chainOf(request.destinationChainId);
    if (request.status === "submitted") {
      const planned = planFill({ request, depository: chain.contracts.depository });
      if (request.txHashes.length !== planned.length)
        return leave(requestId, "its fill was cut between two transactions");
      for (const [index, hash] of request.txHashes.entries()) {
        const receipt = (await chain.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
          status: Hex;
        } | null;
        if (!receipt) return leave(requestId, `fill transaction ${hash} is not on the chain`);
        if (receipt.status !== "0x1")
          return failAndRefund(requestId, "UNKNOWN", {
            ...request.details,
            revert: { index, to: planned[index]?.to, txHash: hash },
          });
      }
      store.transition(requestId, "success");
      return;
    }
    if (request.status !== "pending" || !request.deposit || request.txHashes.length > 0) return;
    // Only a quoted request's own first deposit, filled without destination calls, is taken up.
    if (request.details !== null || request.txs.length > 0)
      return leave(requestId, "its refund or destination calls may have been sent");
    if (await hasPayout(requestId)) return leave(requestId, "a payout for it is on the destination chain");
    // Decided again as it was then: the deposit against the quote, at the time it was taken.
    const decision = decideDeposit({
      deposit: request.deposit,
      request: { ...request, status: "waiting", deposit: undefined },
      now: request.updatedAt,
    });
    if (decision.type !== "fill") return leave(requestId, `its ${decision.type} may have been sent`);
    log(`restored request ${requestId}: the fill cut by the restart is sent now`);
    await fill(requestId);
    await payExcess(requestId, request.deposit, decision.excess);
  };

  /** Runs one piece of work, counted by `idle`; logs what it throws. */
  const track = (what: string, work: () => Promise<void>) => {
    inFlight++;
    work()
      .catch((error) => log(`${what}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        inFlight--;
        if (inFlight === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
  };

  const processDeposit = async (deposit: Deposit) => {
    // The deposit's id names the request by its request id (the attestation path) or by its
    // quote's order id (the deposit step, the order receiver).
    const decision = decideDeposit({ deposit, request: store.findByDepositId(deposit.id), now: now() });
    if (decision.type === "orphan") return settleOrphan(deposit, decision);
    const { requestId } = decision;
    store.transition(requestId, "pending", { deposit, inTxHashes: [deposit.txHash] });
    if (decision.type === "refund") {
      if (decision.details) store.update(requestId, { details: decision.details });
      return refund(requestId, decision.failReason);
    }
    if (decision.requote !== undefined) {
      const request = current(requestId);
      const priced = requote(request, decision.requote);
      if (!priced) return refund(requestId, "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
      store.update(requestId, {
        amountIn: decision.requote,
        amountOut: priced.amountOut,
        details: {
          ...request.details,
          requote: {
            quotedAmountIn: request.amountIn.toString(),
            quotedAmountOut: request.amountOut.toString(),
            amountIn: decision.requote.toString(),
            amountOut: priced.amountOut.toString(),
          },
        },
      });
    }
    await fill(requestId);
    // A sponsor that cannot pay is logged; it never holds back the excess refund after it.
    if (current(requestId).status === "success")
      await collectSponsorship(requestId).catch((error: unknown) =>
        log(`sponsorship of ${requestId}: ${error instanceof Error ? error.message : String(error)}`),
      );
    await payExcess(requestId, deposit, decision.excess);
  };

  return {
    handleDepositAddressTransfer({ watched, txHash }) {
      const request = store.get(watched.requestId);
      if (!request?.depositAddress || request.depositAddress.depositTxHash !== null) return;
      const depositAddress = { ...request.depositAddress, depositTxHash: txHash };
      if (request.status === "waiting") store.transition(request.requestId, "depositing", { depositAddress });
      else store.update(request.requestId, { depositAddress });
    },
    handleDeposit(deposit) {
      track(`deposit ${deposit.txHash} of ${deposit.id}`, () => processDeposit(deposit));
    },
    resume(requestId) {
      track(`restored request ${requestId}`, () => resumeRequest(requestId));
    },
    hasPayout,
    fill(requestId) {
      return new Promise((resolve) =>
        track(`fill of ${requestId}`, () => fill(requestId).finally(() => resolve())),
      );
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
  };
}
