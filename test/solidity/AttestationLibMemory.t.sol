// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Attestation, AttestationV2, AttestationLib} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {Test} from "./utils/Test.sol";

/// @dev Each library function on the calldata struct and on a memory copy of it, side by side.
contract AttestationLibMemoryHarness {
    function hash(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    function hashMemory(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.hashMemory(a);
    }

    function digest(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.digest(a);
    }

    function digestMemory(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.digestMemory(a);
    }

    function hashV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    function hashMemoryV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.hashMemory(a);
    }

    function digestV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.digest(a);
    }

    function digestMemoryV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.digestMemory(a);
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

    /// @dev The outcome of a harness call: success and its return data, or failure and its revert data.
    function _outcome(bytes memory data) internal view returns (bytes memory) {
        (bool ok, bytes memory result) = address(harness).staticcall(data);
        return abi.encode(ok, result);
    }

    /// @dev A fuzzed word moved into the layout rule's range for its kind, or left as it is.
    function _chainId(uint256 word, bool inRange) internal pure returns (uint256) {
        return inRange ? bound(word, 0, 2 ** 53 - 1) : word;
    }

    function _account(bytes32 word, bool inRange) internal pure returns (bytes32) {
        return inRange ? bytes32(bound(uint256(word), 2 ** 53, type(uint256).max)) : word;
    }

    /// @dev Calldata and memory forms give the same hash and digest, `abi.encode`'s, for a tuple that
    /// holds the layout rule, and the same layout error for one that does not (fuzzed both ways:
    /// most random words break it).
    function testFuzz_memoryHashesEqualCalldataHashes(Attestation calldata fuzzed, AttestationV2 calldata fuzzedV2, bool inRange)
        external
        view
    {
        Attestation memory a = fuzzed;
        a.originChainId = _chainId(a.originChainId, inRange);
        a.destinationChainId = _chainId(a.destinationChainId, inRange);
        a.originUser = _account(a.originUser, inRange);
        a.destinationUser = _account(a.destinationUser, inRange);
        AttestationV2 memory b = fuzzedV2;
        b.originChainId = _chainId(b.originChainId, inRange);
        b.destinationChainId = _chainId(b.destinationChainId, inRange);
        b.originUser = _account(b.originUser, inRange);
        b.destinationUser = _account(b.destinationUser, inRange);

        bytes memory hash = _outcome(abi.encodeCall(harness.hash, (a)));
        assertEq(_outcome(abi.encodeCall(harness.hashMemory, (a))), hash, "hashing 1");
        bytes memory digest = _outcome(abi.encodeCall(harness.digest, (a)));
        assertEq(_outcome(abi.encodeCall(harness.digestMemory, (a))), digest, "hashing 2");
        (uint256 code, bytes32 word,,) = harness.layouts(a);
        (bytes memory expectedHash, bytes memory expectedDigest) = _expected(code, word, keccak256(abi.encode(a)));
        assertEq(hash, expectedHash, "hashing 3");
        assertEq(digest, expectedDigest, "hashing 4");

        hash = _outcome(abi.encodeCall(harness.hashV2, (b)));
        assertEq(_outcome(abi.encodeCall(harness.hashMemoryV2, (b))), hash, "hashing 5");
        digest = _outcome(abi.encodeCall(harness.digestV2, (b)));
        assertEq(_outcome(abi.encodeCall(harness.digestMemoryV2, (b))), digest, "hashing 6");
        (code, word,,) = harness.layoutsV2(b);
        (expectedHash, expectedDigest) = _expected(code, word, keccak256(abi.encode(b)));
        assertEq(hash, expectedHash, "hashing 7");
        assertEq(digest, expectedDigest, "hashing 8");
    }

    /// @dev The outcomes `_outcome` reports for a tuple whose layout check gave `code` and `word`
    /// and whose `abi.encode` hashes to `h`: the hash and the EIP-191 digest, or the layout error.
    function _expected(uint256 code, bytes32 word, bytes32 h)
        internal
        pure
        returns (bytes memory hash, bytes memory digest)
    {
        if (code == AttestationLib.OK) {
            hash = abi.encode(true, abi.encode(h));
            digest = abi.encode(true, abi.encode(keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", h))));
        } else {
            hash = abi.encode(
                false,
                code == AttestationLib.ERR_CHAIN_ID
                    ? abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, uint256(word))
                    : abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, word)
            );
            digest = hash;
        }
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
