// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AttestationLib} from "./libraries/AttestationLib.sol";
import {Order, OrderLib, OrderV2} from "./libraries/OrderLib.sol";

/// @notice Stateless checks of a quote's order (`protocol.v2`) for `eth_call` pre-checks and
/// audits: the order id recomputed from the order, and the solver's signature over it, under the
/// same rules as the TypeScript verifiers.
/// @author attestkit
/// @dev Pass the order as `toOrderStruct` builds it from the quote's `orderData` (addresses already
/// encoded for their chain's VM). Every function hashes with `OrderLib`, so each reverts with
/// `OrderLib.OrderUnsupportedVersion` when the order's `version` is not its layout's, and with a
/// plain revert when the calldata does not decode. `recoverOrderSigner*` revert with the
/// `AttestationLib` error of the first broken signature rule; `isValidOrder*` return false on a
/// signature problem instead. What the order id does not cover — `paymentDetails` (chain, currency,
/// amount, depository) and whether the quote's `orderId` is the recomputed one — is the caller's to
/// compare: `hashOrder` returns the id to compare against. Only `orderIdDigest` takes an id as
/// given rather than the order: the digest of any 32 bytes, an attestation's hash included (the
/// solver signs both under the same prefix), so never recover a signer over it to check an order.
contract OrderVerifier {
    /// @notice Returns the id of an order v1: its EIP-712 `hashStruct`, no domain.
    /// @param order The order, fields in EIP-712 order.
    /// @return The order id, which the depository receives as the deposit `id`.
    function hashOrder(Order calldata order) external pure returns (bytes32) {
        return OrderLib.hash(order);
    }

    /// @notice Returns the id of an order v2.
    /// @param order The v2 order.
    /// @return The order id.
    function hashOrderV2(OrderV2 calldata order) external pure returns (bytes32) {
        return OrderLib.hash(order);
    }

    /// @notice Returns the EIP-191 digest of an order id as given: what the solver's key signs
    /// when the id is an order's.
    /// @dev The id is not recomputed: a signature over this digest proves that the key signed these
    /// 32 bytes, not that they are an order's (an attestation signature recovers over its hash
    /// just as well). To check an order's signature use `recoverOrderSigner` or `isValidOrder`,
    /// which recompute the id from the order.
    /// @param orderId The order id (`hashOrder` recomputes it).
    /// @return `keccak256("\x19Ethereum Signed Message:\n32" || orderId)`.
    function orderIdDigest(bytes32 orderId) external pure returns (bytes32) {
        return OrderLib.idDigest(orderId);
    }

    /// @notice Returns the key that signed an order v1 (over the id recomputed from `order`).
    /// @dev Reverts with `AttestationInvalidSignatureLength`, `AttestationInvalidSignatureV`,
    /// `AttestationInvalidSignatureR`, `AttestationInvalidSignatureS`, `AttestationHighSignatureS`
    /// or `AttestationUnrecoverableSignature`.
    /// @param order The order.
    /// @param signature `protocol.v2.orderSignature`: 65 bytes `r || s || v`.
    /// @return The recovered signer, never the zero address.
    function recoverOrderSigner(Order calldata order, bytes calldata signature) external view returns (address) {
        return OrderLib.recover(order, signature);
    }

    /// @notice Returns the key that signed an order v2.
    /// @dev Reverts like `recoverOrderSigner`.
    /// @param order The v2 order.
    /// @param signature 65 bytes `r || s || v`.
    /// @return The recovered signer, never the zero address.
    function recoverOrderSignerV2(OrderV2 calldata order, bytes calldata signature)
        external
        view
        returns (address)
    {
        return OrderLib.recover(order, signature);
    }

    /// @notice Tells whether `solver` signed an order v1 under the signature rules.
    /// @param order The order.
    /// @param signature The solver's signature.
    /// @param solver The expected signer; the zero address is never valid.
    /// @return True if the signature is well formed and recovers to `solver` from the order's id.
    function isValidOrder(Order calldata order, bytes calldata signature, address solver)
        external
        view
        returns (bool)
    {
        (address signer, uint256 code) = OrderLib.tryRecover(order, signature);
        return code == AttestationLib.OK && signer == solver;
    }

    /// @notice Tells whether `solver` signed an order v2 under the signature rules.
    /// @param order The v2 order.
    /// @param signature The solver's signature.
    /// @param solver The expected signer; the zero address is never valid.
    /// @return True if the signature is well formed and recovers to `solver` from the order's id.
    function isValidOrderV2(OrderV2 calldata order, bytes calldata signature, address solver)
        external
        view
        returns (bool)
    {
        (address signer, uint256 code) = OrderLib.tryRecover(order, signature);
        return code == AttestationLib.OK && signer == solver;
    }
}
