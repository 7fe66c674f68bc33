// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Vm} from "./Vm.sol";

/// @notice A tiny test base: the cheatcode handle and the assertions the suites need.
/// A failed assertion reverts with a message that names both values.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @dev secp256k1 group order.
    uint256 internal constant N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    error AssertionFailed(string message);

    function fail(string memory message) internal pure {
        revert AssertionFailed(message);
    }

    function assertTrue(bool value, string memory message) internal pure {
        if (!value) fail(message);
    }

    function assertFalse(bool value, string memory message) internal pure {
        if (value) fail(message);
    }

    function assertEq(bool a, bool b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, a ? ": true != false" : ": false != true"));
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _str(a), " != ", _str(b)));
    }

    function assertEq(address a, address b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _str(uint160(a)), " != ", _str(uint160(b))));
    }

    function assertEq(bytes32 a, bytes32 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _str(uint256(a)), " != ", _str(uint256(b))));
    }

    function assertEq(bytes memory a, bytes memory b, string memory message) internal pure {
        if (keccak256(a) != keccak256(b)) fail(string.concat(message, ": bytes differ"));
    }

    /// @dev Maps `x` into `[min, max]` without discarding fuzz runs.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        uint256 size = max - min;
        if (size == type(uint256).max) return x;
        return min + (x % (size + 1));
    }

    /// @dev A valid secp256k1 private key derived from any fuzz input.
    function toPrivateKey(uint256 seed) internal pure returns (uint256) {
        return bound(seed, 1, N - 1);
    }

    /// @dev Signs `digest` and returns the 65-byte `r || s || v` form.
    function sign65(uint256 privateKey, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(privateKey, digest);
        return abi.encodePacked(r, s, v);
    }

    function _str(uint256 value) private pure returns (string memory result) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 t = value; t != 0; t /= 10) ++digits;
        bytes memory buffer = new bytes(digits);
        for (; value != 0; value /= 10) buffer[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(buffer);
    }
}
