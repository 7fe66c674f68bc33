// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Attestation, AttestationV2, AttestationLib} from "../../contracts/libraries/AttestationLib.sol";
import {Test} from "./utils/Test.sol";

/// @dev Each library function on the calldata struct and on a memory copy of it, side by side.
contract AttestationLibMemoryHarness {
    function hashes(Attestation calldata a) external pure returns (bytes32, bytes32, bytes32, bytes32) {
        Attestation memory m = a;
        return (AttestationLib.hash(a), AttestationLib.hashMemory(m), AttestationLib.digest(a), AttestationLib.digestMemory(m));
    }

    function hashesV2(AttestationV2 calldata a) external pure returns (bytes32, bytes32, bytes32, bytes32) {
        AttestationV2 memory m = a;
        return (AttestationLib.hash(a), AttestationLib.hashMemory(m), AttestationLib.digest(a), AttestationLib.digestMemory(m));
    }

    function layouts(Attestation calldata a) external pure returns (uint256, bytes32, uint256, bytes32) {
        (uint256 c1, bytes32 w1) = AttestationLib.tryCheckLayout(a);
        (uint256 c2, bytes32 w2) = AttestationLib.tryCheckLayoutMemory(a);
        return (c1, w1, c2, w2);
    }

    function layoutsV2(AttestationV2 calldata a) external pure returns (uint256, bytes32, uint256, bytes32) {
        (uint256 c1, bytes32 w1) = AttestationLib.tryCheckLayout(a);
        (uint256 c2, bytes32 w2) = AttestationLib.tryCheckLayoutMemory(a);
        return (c1, w1, c2, w2);
    }

    function recovers(bytes32 digest, bytes calldata signature) external view returns (address, uint256, address, uint256) {
        (address s1, uint256 c1) = AttestationLib.tryRecover(digest, signature);
        (address s2, uint256 c2) = AttestationLib.tryRecoverMemory(digest, signature);
        return (s1, c1, s2, c2);
    }

    function recoverCalldata(bytes32 digest, bytes calldata signature) external view returns (address) {
        return AttestationLib.recover(digest, signature);
    }

    function recoverMemory(bytes32 digest, bytes calldata signature) external view returns (address) {
        return AttestationLib.recoverMemory(digest, signature);
    }
}

contract AttestationLibMemoryTest is Test {
    AttestationLibMemoryHarness internal harness;

    function setUp() public {
        harness = new AttestationLibMemoryHarness();
    }

    function testFuzz_memoryHashesEqualCalldataHashes(Attestation calldata a, AttestationV2 calldata b) external view {
        (bytes32 h1, bytes32 h2, bytes32 d1, bytes32 d2) = harness.hashes(a);
        assertEq(h1, h2, "memory vs calldata 1");
        assertEq(d1, d2, "memory vs calldata 2");
        assertEq(h2, keccak256(abi.encode(a)), "memory vs calldata 3");
        (h1, h2, d1, d2) = harness.hashesV2(b);
        assertEq(h1, h2, "memory vs calldata 4");
        assertEq(d1, d2, "memory vs calldata 5");
        assertEq(h2, keccak256(abi.encode(b)), "memory vs calldata 6");
    }

    function testFuzz_memoryLayoutEqualsCalldataLayout(Attestation calldata a, AttestationV2 calldata b) external view {
        (uint256 c1, bytes32 w1, uint256 c2, bytes32 w2) = harness.layouts(a);
        assertEq(c1, c2, "memory vs calldata 7");
        assertEq(w1, w2, "memory vs calldata 8");
        (c1, w1, c2, w2) = harness.layoutsV2(b);
        assertEq(c1, c2, "memory vs calldata 9");
        assertEq(w1, w2, "memory vs calldata 10");
    }

    function testFuzz_memoryRecoveryEqualsCalldataRecovery(bytes32 digest, bytes calldata signature) external view {
        (address s1, uint256 c1, address s2, uint256 c2) = harness.recovers(digest, signature);
        assertEq(s1, s2, "memory vs calldata 11");
        assertEq(c1, c2, "memory vs calldata 12");
    }

    function testFuzz_memoryRecoveryOfRealSignatures(uint256 key, bytes32 digest, uint8 vShift) external view {
        key = bound(key, 1, 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        // 0/1 recovery ids read as 27/28; anything else is refused the same way on both paths.
        uint8 shown = vShift % 3 == 0 ? v : vShift % 3 == 1 ? v - 27 : v + 2;
        bytes memory signature = abi.encodePacked(r, s, shown);
        (address s1, uint256 c1, address s2, uint256 c2) = harness.recovers(digest, signature);
        assertEq(s1, s2, "memory vs calldata 13");
        assertEq(c1, c2, "memory vs calldata 14");
        if (vShift % 3 != 2) {
            assertEq(s2, vm.addr(key), "memory vs calldata 15");
            assertEq(harness.recoverMemory(digest, signature), vm.addr(key), "memory vs calldata 16");
        }
    }

    function test_recoverMemoryRevertsLikeRecover() external {
        bytes memory short = new bytes(64);
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 64));
        harness.recoverMemory(bytes32(0), short);
        bytes memory zeroR = abi.encodePacked(bytes32(0), bytes32(uint256(1)), uint8(27));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bytes32(0)));
        harness.recoverMemory(bytes32(0), zeroR);
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bytes32(0)));
        harness.recoverCalldata(bytes32(0), zeroR);
    }
}
