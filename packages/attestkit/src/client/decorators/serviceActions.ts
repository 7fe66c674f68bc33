import {
  type ClaimAppFeesParameters,
  type ClaimAppFeesReturnType,
  claimAppFees,
} from "../actions/claimAppFees.js";
import {
  type ExecuteGaslessParameters,
  type ExecuteGaslessReturnType,
  executeGasless,
} from "../actions/executeGasless.js";
import {
  type ExecuteStepsParameters,
  type ExecuteStepsReturnType,
  executeSteps,
} from "../actions/executeSteps.js";
import {
  type GetAppFeeBalancesParameters,
  type GetAppFeeBalancesReturnType,
  getAppFeeBalances,
} from "../actions/getAppFeeBalances.js";
import {
  type GetAppFeeClaimsParameters,
  type GetAppFeeClaimsReturnType,
  getAppFeeClaims,
} from "../actions/getAppFeeClaims.js";
import {
  type GetAttestationParameters,
  type GetAttestationReturnType,
  getAttestation,
} from "../actions/getAttestation.js";
import {
  type GetChainHealthParameters,
  type GetChainHealthReturnType,
  getChainHealth,
} from "../actions/getChainHealth.js";
import {
  type GetChainLiquidityParameters,
  type GetChainLiquidityReturnType,
  getChainLiquidity,
} from "../actions/getChainLiquidity.js";
import { type GetChainsReturnType, getChains } from "../actions/getChains.js";
import { type GetConfigParameters, type GetConfigReturnType, getConfig } from "../actions/getConfig.js";
import {
  type GetCurrenciesParameters,
  type GetCurrenciesReturnType,
  getCurrencies,
} from "../actions/getCurrencies.js";
import {
  type GetCurrenciesV2Parameters,
  type GetCurrenciesV2ReturnType,
  getCurrenciesV2,
} from "../actions/getCurrenciesV2.js";
import {
  type GetDepositAddressParameters,
  type GetDepositAddressReturnType,
  getDepositAddress,
} from "../actions/getDepositAddress.js";
import { type GetDevnetInfoReturnType, getDevnetInfo } from "../actions/getDevnetInfo.js";
import { type GetPriceParameters, type GetPriceReturnType, getPrice } from "../actions/getPrice.js";
import { type GetPriceRatesReturnType, getPriceRates } from "../actions/getPriceRates.js";
import { type GetQuoteParameters, type GetQuoteReturnType, getQuote } from "../actions/getQuote.js";
import {
  type GetRequestsParameters,
  type GetRequestsReturnType,
  getRequests,
} from "../actions/getRequests.js";
import {
  type GetRequestsV2Parameters,
  type GetRequestsV2ReturnType,
  getRequestsV2,
} from "../actions/getRequestsV2.js";
import { type GetStatusParameters, type GetStatusReturnType, getStatus } from "../actions/getStatus.js";
import {
  type GetSwapSourcesParameters,
  type GetSwapSourcesReturnType,
  getSwapSources,
} from "../actions/getSwapSources.js";
import {
  type GetTokenPriceParameters,
  type GetTokenPriceReturnType,
  getTokenPrice,
} from "../actions/getTokenPrice.js";
import {
  type IndexTransactionParameters,
  type IndexTransactionReturnType,
  indexTransaction,
} from "../actions/indexTransaction.js";
import {
  type ReindexDepositAddressParameters,
  type ReindexDepositAddressReturnType,
  reindexDepositAddress,
} from "../actions/reindexDepositAddress.js";
import {
  type ReportSameChainTransactionParameters,
  type ReportSameChainTransactionReturnType,
  reportSameChainTransaction,
} from "../actions/reportSameChainTransaction.js";
import {
  type SubmitPermitParameters,
  type SubmitPermitReturnType,
  submitPermit,
} from "../actions/submitPermit.js";
import {
  type TrackRequestParameters,
  type TrackRequestReturnType,
  trackRequest,
} from "../actions/trackRequest.js";
import {
  type WaitForStatusParameters,
  type WaitForStatusReturnType,
  waitForStatus,
} from "../actions/waitForStatus.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";

export type ServiceActions = {
  /** {@link getCurrencies} bound to the client. */
  getCurrencies: (
    parameters?: GetCurrenciesParameters,
    options?: RequestOptions,
  ) => Promise<GetCurrenciesReturnType>;
  /** {@link getCurrenciesV2} bound to the client. */
  getCurrenciesV2: (
    parameters?: GetCurrenciesV2Parameters,
    options?: RequestOptions,
  ) => Promise<GetCurrenciesV2ReturnType>;
  /** {@link getChains} bound to the client. */
  getChains: (options?: RequestOptions) => Promise<GetChainsReturnType>;
  /** {@link getConfig} bound to the client. */
  getConfig: (parameters: GetConfigParameters, options?: RequestOptions) => Promise<GetConfigReturnType>;
  /** {@link getDevnetInfo} bound to the client (a devnet's only). */
  getDevnetInfo: (options?: RequestOptions) => Promise<GetDevnetInfoReturnType>;
  /** {@link getPrice} bound to the client. */
  getPrice: (parameters: GetPriceParameters, options?: RequestOptions) => Promise<GetPriceReturnType>;
  /** {@link getQuote} bound to the client. */
  getQuote: <const parameters extends GetQuoteParameters>(
    parameters: parameters,
    options?: RequestOptions,
  ) => Promise<GetQuoteReturnType<parameters["verify"]>>;
  /** {@link getStatus} bound to the client. */
  getStatus: (parameters: GetStatusParameters, options?: RequestOptions) => Promise<GetStatusReturnType>;
  /** {@link getRequests} bound to the client. */
  getRequests: (
    parameters?: GetRequestsParameters,
    options?: RequestOptions,
  ) => Promise<GetRequestsReturnType>;
  /** {@link getRequestsV2} bound to the client. */
  getRequestsV2: (
    parameters?: GetRequestsV2Parameters,
    options?: RequestOptions,
  ) => Promise<GetRequestsV2ReturnType>;
  /** {@link getAttestation} bound to the client. */
  getAttestation: <const parameters extends GetAttestationParameters>(
    parameters: parameters,
    options?: RequestOptions,
  ) => Promise<GetAttestationReturnType<parameters["verify"]>>;
  /** {@link indexTransaction} bound to the client. */
  indexTransaction: (
    parameters: IndexTransactionParameters,
    options?: RequestOptions,
  ) => Promise<IndexTransactionReturnType>;
  /** {@link reportSameChainTransaction} bound to the client. */
  reportSameChainTransaction: (
    parameters: ReportSameChainTransactionParameters,
    options?: RequestOptions,
  ) => Promise<ReportSameChainTransactionReturnType>;
  /** {@link getDepositAddress} bound to the client. */
  getDepositAddress: (
    parameters: GetDepositAddressParameters,
    options?: RequestOptions,
  ) => Promise<GetDepositAddressReturnType>;
  /** {@link reindexDepositAddress} bound to the client. */
  reindexDepositAddress: (
    parameters: ReindexDepositAddressParameters,
    options?: RequestOptions,
  ) => Promise<ReindexDepositAddressReturnType>;
  /** {@link executeGasless} bound to the client. */
  executeGasless: (
    parameters: ExecuteGaslessParameters,
    options?: RequestOptions,
  ) => Promise<ExecuteGaslessReturnType>;
  /** {@link submitPermit} bound to the client. */
  submitPermit: (
    parameters: SubmitPermitParameters,
    options?: RequestOptions,
  ) => Promise<SubmitPermitReturnType>;
  /** {@link getChainHealth} bound to the client. */
  getChainHealth: (
    parameters?: GetChainHealthParameters,
    options?: RequestOptions,
  ) => Promise<GetChainHealthReturnType>;
  /** {@link getChainLiquidity} bound to the client. */
  getChainLiquidity: (
    parameters: GetChainLiquidityParameters,
    options?: RequestOptions,
  ) => Promise<GetChainLiquidityReturnType>;
  /** {@link getSwapSources} bound to the client. */
  getSwapSources: (
    parameters?: GetSwapSourcesParameters,
    options?: RequestOptions,
  ) => Promise<GetSwapSourcesReturnType>;
  /** {@link getPriceRates} bound to the client. */
  getPriceRates: (options?: RequestOptions) => Promise<GetPriceRatesReturnType>;
  /** {@link getTokenPrice} bound to the client. */
  getTokenPrice: (
    parameters: GetTokenPriceParameters,
    options?: RequestOptions,
  ) => Promise<GetTokenPriceReturnType>;
  /** {@link getAppFeeBalances} bound to the client. */
  getAppFeeBalances: (
    parameters: GetAppFeeBalancesParameters,
    options?: RequestOptions,
  ) => Promise<GetAppFeeBalancesReturnType>;
  /** {@link claimAppFees} bound to the client. */
  claimAppFees: (
    parameters: ClaimAppFeesParameters,
    options?: RequestOptions,
  ) => Promise<ClaimAppFeesReturnType>;
  /** {@link getAppFeeClaims} bound to the client. */
  getAppFeeClaims: (
    parameters: GetAppFeeClaimsParameters,
    options?: RequestOptions,
  ) => Promise<GetAppFeeClaimsReturnType>;
  /** {@link trackRequest} bound to the client. */
  trackRequest: (parameters: TrackRequestParameters) => Promise<TrackRequestReturnType>;
  /** {@link waitForStatus} bound to the client. */
  waitForStatus: (parameters: WaitForStatusParameters) => Promise<WaitForStatusReturnType>;
  /** {@link executeSteps} bound to the client. */
  executeSteps: (parameters: ExecuteStepsParameters) => Promise<ExecuteStepsReturnType>;
};

/**
 * Binds every service action to a client, for `client.extend(serviceActions)`.
 *
 * @param client - A client from `createBaseClient`.
 * @returns The actions with the client filled in. {@link ServiceActions}
 * @example
 * const client = createBaseClient({ network: "mainnet" }).extend(serviceActions)
 * const { chains } = await client.getChains()
 */
export function serviceActions(client: BaseClient): ServiceActions {
  return {
    getCurrencies: (parameters, options) => getCurrencies(client, parameters, options),
    getCurrenciesV2: (parameters, options) => getCurrenciesV2(client, parameters, options),
    getChains: (options) => getChains(client, options),
    getConfig: (parameters, options) => getConfig(client, parameters, options),
    getDevnetInfo: (options) => getDevnetInfo(client, options),
    getPrice: (parameters, options) => getPrice(client, parameters, options),
    getQuote: (parameters, options) => getQuote(client, parameters, options),
    getStatus: (parameters, options) => getStatus(client, parameters, options),
    getRequests: (parameters, options) => getRequests(client, parameters, options),
    getRequestsV2: (parameters, options) => getRequestsV2(client, parameters, options),
    getDepositAddress: (parameters, options) => getDepositAddress(client, parameters, options),
    reindexDepositAddress: (parameters, options) => reindexDepositAddress(client, parameters, options),
    executeGasless: (parameters, options) => executeGasless(client, parameters, options),
    submitPermit: (parameters, options) => submitPermit(client, parameters, options),
    getChainHealth: (parameters, options) => getChainHealth(client, parameters, options),
    getChainLiquidity: (parameters, options) => getChainLiquidity(client, parameters, options),
    getSwapSources: (parameters, options) => getSwapSources(client, parameters, options),
    getPriceRates: (options) => getPriceRates(client, options),
    getTokenPrice: (parameters, options) => getTokenPrice(client, parameters, options),
    getAppFeeBalances: (parameters, options) => getAppFeeBalances(client, parameters, options),
    claimAppFees: (parameters, options) => claimAppFees(client, parameters, options),
    getAppFeeClaims: (parameters, options) => getAppFeeClaims(client, parameters, options),
    trackRequest: (parameters) => trackRequest(client, parameters),
    getAttestation: (parameters, options) => getAttestation(client, parameters, options),
    indexTransaction: (parameters, options) => indexTransaction(client, parameters, options),
    reportSameChainTransaction: (parameters, options) =>
      reportSameChainTransaction(client, parameters, options),
    waitForStatus: (parameters) => waitForStatus(client, parameters),
    executeSteps: (parameters) => executeSteps(client, parameters),
  };
}
