import {
  type ExecuteStepsParameters,
  type ExecuteStepsReturnType,
  executeSteps,
} from "../actions/executeSteps.js";
import {
  type GetAttestationParameters,
  type GetAttestationReturnType,
  getAttestation,
} from "../actions/getAttestation.js";
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
import { type GetDevnetInfoReturnType, getDevnetInfo } from "../actions/getDevnetInfo.js";
import { type GetPriceParameters, type GetPriceReturnType, getPrice } from "../actions/getPrice.js";
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
  type IndexTransactionParameters,
  type IndexTransactionReturnType,
  indexTransaction,
} from "../actions/indexTransaction.js";
import {
  type ReportSameChainTransactionParameters,
  type ReportSameChainTransactionReturnType,
  reportSameChainTransaction,
} from "../actions/reportSameChainTransaction.js";
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
    trackRequest: (parameters) => trackRequest(client, parameters),
    getAttestation: (parameters, options) => getAttestation(client, parameters, options),
    indexTransaction: (parameters, options) => indexTransaction(client, parameters, options),
    reportSameChainTransaction: (parameters, options) =>
      reportSameChainTransaction(client, parameters, options),
    waitForStatus: (parameters) => waitForStatus(client, parameters),
    executeSteps: (parameters) => executeSteps(client, parameters),
  };
}
