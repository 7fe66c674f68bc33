// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {OrderVerifier} from "../../packages/attestkit/contracts/OrderVerifier.sol";
import {Order, OrderV2} from "../../packages/attestkit/contracts/libraries/OrderLib.sol";
import {OrderVectors} from "./generated/OrderVectors.sol";
import {Test} from "./utils/Test.sol";

/// @dev The shared order vectors (test/vectors/orders.json, via scripts/generate.ts)
/// checked through OrderVerifier: the same order id, digest, signer and signature error as the
/// TypeScript verifiers, bit for bit.
contract OrderVectorsTest is Test {
    OrderVerifier internal verifier;

    function setUp() public {
        verifier = new OrderVerifier();
    }

    function testEveryVector() public view {
        OrderVectors.Vector[] memory vectors = OrderVectors.all();
        assertTrue(vectors.length >= 40, "the vector file is loaded");
        uint256 signed;
        uint256 v2;
        for (uint256 i; i < vectors.length; ++i) {
            _check(vectors[i]);
            if (vectors[i].hasSignature) ++signed;
            if (vectors[i].v2) ++v2;
        }
        assertTrue(signed >= 30, "signed vectors are checked");
        assertTrue(v2 >= 2, "v2 vectors are checked");
    }

    function testLiveQuoteRecoversTheLiveSolver() public view {
        OrderVectors.Vector[] memory vectors = OrderVectors.all();
        for (uint256 i; i < vectors.length; ++i) {
            if (keccak256(bytes(vectors[i].name)) != keccak256("live-quote")) continue;
            Order memory order = abi.decode(vectors[i].order, (Order));
            assertEq(
                verifier.hashOrder(order),
                0xeada616bb1b545930e24ee16b7cc9377ea7078d419f1a3b2f4528cee82224e11,
                "live order id"
            );
            assertEq(
                verifier.recoverOrderSigner(order, vectors[i].signature),
                0xf70da97812CB96acDF810712Aa562db8dfA3dbEF,
                "live solver"
            );
            assertTrue(
                verifier.isValidOrder(order, vectors[i].signature, 0xf70da97812CB96acDF810712Aa562db8dfA3dbEF),
                "isValidOrder"
            );
            return;
        }
        fail("live-quote vector not found");
    }

    function _check(OrderVectors.Vector memory v) internal view {
        bytes32 orderId = v.v2
            ? verifier.hashOrderV2(abi.decode(v.order, (OrderV2)))
            : verifier.hashOrder(abi.decode(v.order, (Order)));
        assertEq(orderId, v.orderId, string.concat(v.name, ": order id"));
        assertEq(verifier.orderIdDigest(orderId), v.digest, string.concat(v.name, ": digest"));
        if (!v.hasSignature) return;

        address recovered;
        bytes4 error;
        if (v.v2) {
            try verifier.recoverOrderSignerV2(abi.decode(v.order, (OrderV2)), v.signature) returns (address signer) {
                recovered = signer;
            } catch (bytes memory err) {
                error = bytes4(err);
            }
        } else {
            try verifier.recoverOrderSigner(abi.decode(v.order, (Order)), v.signature) returns (address signer) {
                recovered = signer;
            } catch (bytes memory err) {
                error = bytes4(err);
            }
        }
        assertEq(uint256(uint32(error)), uint256(uint32(v.error)), string.concat(v.name, ": error"));
        assertEq(recovered, v.signer, string.concat(v.name, ": signer"));

        for (uint256 j; j < v.solvers.length; ++j) {
            bool valid = v.v2
                ? verifier.isValidOrderV2(abi.decode(v.order, (OrderV2)), v.signature, v.solvers[j])
                : verifier.isValidOrder(abi.decode(v.order, (Order)), v.signature, v.solvers[j]);
            assertEq(
                valid, v.error == bytes4(0) && v.solvers[j] == v.signer, string.concat(v.name, ": isValidOrder")
            );
        }
    }
}
