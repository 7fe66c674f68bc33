// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {DevnetEip3009Token} from "../../packages/devnet/contracts/DevnetEip3009Token.sol";
import {Test} from "./utils/Test.sol";

contract DevnetEip3009TokenTest is Test {
    DevnetEip3009Token internal token;
    uint256 internal constant HOLDER_KEY = 0xA11CE;
    address internal holder;
    address internal constant PAYEE = address(0xBEEF);
    bytes32 internal constant NONCE = keccak256("nonce");

    function setUp() public {
        token = new DevnetEip3009Token("USD Coin", "USDC", 6);
        holder = vm.addr(HOLDER_KEY);
        token.mint(holder, 100e6);
        vm.warp(1_000);
    }

    function _sign(bytes32 typehash, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce)
        internal
        view
        returns (bytes memory)
    {
        bytes32 structHash = keccak256(abi.encode(typehash, holder, to, value, validAfter, validBefore, nonce));
        return sign65(HOLDER_KEY, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    function test_typehashesAreEip3009s() public view {
        assertEq(
            token.TRANSFER_WITH_AUTHORIZATION_TYPEHASH(),
            keccak256(
                "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
            ),
            "transfer"
        );
        assertEq(
            token.RECEIVE_WITH_AUTHORIZATION_TYPEHASH(),
            keccak256(
                "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
            ),
            "receive"
        );
        assertEq(
            token.CANCEL_AUTHORIZATION_TYPEHASH(), keccak256("CancelAuthorization(address authorizer,bytes32 nonce)"), "cancel"
        );
    }

    function test_transferWithAuthorizationByAnyoneOnceWithinTheWindow() public {
        bytes32 typehash = token.TRANSFER_WITH_AUTHORIZATION_TYPEHASH();
        bytes memory signature = _sign(typehash, PAYEE, 10e6, 999, 1_001, NONCE);
        vm.prank(address(0x5E11D));
        token.transferWithAuthorization(holder, PAYEE, 10e6, 999, 1_001, NONCE, signature);
        assertEq(token.balanceOf(PAYEE), 10e6, "paid");
        assertTrue(token.authorizationState(holder, NONCE), "nonce used");
        vm.expectRevert(abi.encodeWithSelector(DevnetEip3009Token.AuthorizationUsedOrCanceled.selector, holder, NONCE));
        token.transferWithAuthorization(holder, PAYEE, 10e6, 999, 1_001, NONCE, signature);
    }

    function test_theWindowIsStrictOnBothEnds() public {
        bytes32 typehash = token.TRANSFER_WITH_AUTHORIZATION_TYPEHASH();
        bytes memory early = _sign(typehash, PAYEE, 1, 1_000, 2_000, NONCE);
        vm.expectRevert(abi.encodeWithSelector(DevnetEip3009Token.AuthorizationNotYetValid.selector, 1_000));
        token.transferWithAuthorization(holder, PAYEE, 1, 1_000, 2_000, NONCE, early);
        bytes memory late = _sign(typehash, PAYEE, 1, 0, 1_000, NONCE);
        vm.expectRevert(abi.encodeWithSelector(DevnetEip3009Token.AuthorizationExpired.selector, 1_000));
        token.transferWithAuthorization(holder, PAYEE, 1, 0, 1_000, NONCE, late);
    }

    function test_aChangedTermOrAnotherTypehashIsNotTheHoldersSignature() public {
        bytes32 typehash = token.TRANSFER_WITH_AUTHORIZATION_TYPEHASH();
        bytes memory signature = _sign(typehash, PAYEE, 10e6, 0, 2_000, NONCE);
        vm.expectRevert(DevnetEip3009Token.InvalidAuthorizationSignature.selector);
        token.transferWithAuthorization(holder, PAYEE, 10e6 + 1, 0, 2_000, NONCE, signature);
        vm.expectRevert(DevnetEip3009Token.InvalidAuthorizationSignature.selector);
        token.transferWithAuthorization(holder, address(0xBAD), 10e6, 0, 2_000, NONCE, signature);
        // A transfer authorization is no receive authorization.
        vm.prank(PAYEE);
        vm.expectRevert(DevnetEip3009Token.InvalidAuthorizationSignature.selector);
        token.receiveWithAuthorization(holder, PAYEE, 10e6, 0, 2_000, NONCE, signature);
        assertEq(token.balanceOf(holder), 100e6, "nothing moved");
    }

    function test_receiveWithAuthorizationOnlyByThePayee() public {
        bytes memory signature = _sign(token.RECEIVE_WITH_AUTHORIZATION_TYPEHASH(), PAYEE, 7e6, 0, 2_000, NONCE);
        vm.prank(address(0xF0E));
        vm.expectRevert(abi.encodeWithSelector(DevnetEip3009Token.CallerMustBePayee.selector, address(0xF0E), PAYEE));
        token.receiveWithAuthorization(holder, PAYEE, 7e6, 0, 2_000, NONCE, signature);
        vm.prank(PAYEE);
        token.receiveWithAuthorization(holder, PAYEE, 7e6, 0, 2_000, NONCE, signature);
        assertEq(token.balanceOf(PAYEE), 7e6, "received");
    }

    function test_cancelAuthorizationBurnsTheNonce() public {
        bytes32 structHash = keccak256(abi.encode(token.CANCEL_AUTHORIZATION_TYPEHASH(), holder, NONCE));
        bytes memory cancel =
            sign65(HOLDER_KEY, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
        token.cancelAuthorization(holder, NONCE, cancel);
        assertTrue(token.authorizationState(holder, NONCE), "canceled");
        bytes memory signature = _sign(token.TRANSFER_WITH_AUTHORIZATION_TYPEHASH(), PAYEE, 1, 0, 2_000, NONCE);
        vm.expectRevert(abi.encodeWithSelector(DevnetEip3009Token.AuthorizationUsedOrCanceled.selector, holder, NONCE));
        token.transferWithAuthorization(holder, PAYEE, 1, 0, 2_000, NONCE, signature);
        vm.expectRevert(abi.encodeWithSelector(DevnetEip3009Token.AuthorizationUsedOrCanceled.selector, holder, NONCE));
        token.cancelAuthorization(holder, NONCE, cancel);
    }
}
