// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AttestationVerifier} from "../../packages/attestkit/contracts/AttestationVerifier.sol";
import {Attestation, AttestationV2, AttestationLib} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {AttestationVectors} from "./generated/AttestationVectors.sol";
import {Test} from "./utils/Test.sol";

/// @dev The shared vectors (test/vectors/attestations.json, via scripts/generate.ts)
/// checked through AttestationVerifier: the same hash, digest, signer, error and verdict as the
/// TypeScript verifiers (and no hash or digest at all for a tuple that breaks the layout rule).
contract AttestationVectorsTest is Test {
    AttestationVerifier internal verifier;

    function setUp() public {
        verifier = new AttestationVerifier();
    }

    function _v1(bytes32[7] memory w) internal pure returns (Attestation memory) {
        return Attestation(w[0], uint256(w[1]), w[2], w[3], uint256(w[4]), uint256(w[5]), w[6]);
    }

    function _v2(bytes32[7] memory w) internal pure returns (AttestationV2 memory) {
        return AttestationV2(w[0], uint256(w[1]), w[2], w[3], uint256(w[4]), w[5], w[6]);
    }

    function testEveryVector() public view {
        AttestationVectors.Vector[] memory vectors = AttestationVectors.all();
        assertTrue(vectors.length >= 30, "the vector file is loaded");
        for (uint256 i; i < vectors.length; ++i) {
            _check(vectors[i]);
        }
    }

    function _check(AttestationVectors.Vector memory v) internal view {
        _checkHashes(v);

        address recovered;
        bytes4 error;
        if (v.v2) {
            try verifier.recoverSignerV2(_v2(v.words), v.signature) returns (address signer) {
                recovered = signer;
            } catch (bytes memory err) {
                error = bytes4(err);
            }
        } else {
            try verifier.recoverSigner(_v1(v.words), v.signature) returns (address signer) {
                recovered = signer;
            } catch (bytes memory err) {
                error = bytes4(err);
            }
        }
        assertEq(uint256(uint32(error)), uint256(uint32(v.error)), string.concat(v.name, ": error"));
        assertEq(recovered, v.error == bytes4(0) ? v.signer : address(0), string.concat(v.name, ": signer"));

        bool anyValid;
        for (uint256 j; j < v.solvers.length; ++j) {
            bool valid = v.v2
                ? verifier.isValidV2(_v2(v.words), v.signature, v.solvers[j])
                : verifier.isValid(_v1(v.words), v.signature, v.solvers[j]);
            assertEq(valid, v.valid && v.solvers[j] == v.signer, string.concat(v.name, ": isValid"));
            anyValid = anyValid || valid;
        }
        assertEq(anyValid, v.valid, string.concat(v.name, ": verdict"));
    }

    /// @dev The vector's hash and digest, and the verifier's, which it hands out only for a tuple
    /// that holds the layout rule.
    function _checkHashes(AttestationVectors.Vector memory v) internal view {
        // The vector's hash and digest are the seven words' (they also pin the off-chain encoders).
        bytes32 words = keccak256(abi.encode(v.words));
        assertEq(words, v.hash, string.concat(v.name, ": hash of the words"));
        assertEq(
            keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", words)),
            v.digest,
            string.concat(v.name, ": digest of the words")
        );
        // The verifier hands them out only for a tuple that holds the layout rule; for the others
        // both revert with the vector's layout error.
        bool layoutBroken = v.error == AttestationLib.AttestationChainIdOutOfRange.selector
            || v.error == AttestationLib.AttestationAccountOutOfRange.selector;
        bytes memory hashCall = v.v2
            ? abi.encodeCall(verifier.hashAttestationV2, (_v2(v.words)))
            : abi.encodeCall(verifier.hashAttestation, (_v1(v.words)));
        bytes memory digestCall = v.v2
            ? abi.encodeCall(verifier.digestAttestationV2, (_v2(v.words)))
            : abi.encodeCall(verifier.digestAttestation, (_v1(v.words)));
        (bool hashed, bytes memory hash) = address(verifier).staticcall(hashCall);
        (bool digested, bytes memory digest) = address(verifier).staticcall(digestCall);
        if (layoutBroken) {
            assertFalse(hashed || digested, string.concat(v.name, ": no hash of a tuple breaking the layout"));
            assertEq(uint256(uint32(bytes4(hash))), uint256(uint32(v.error)), string.concat(v.name, ": hash error"));
            assertEq(uint256(uint32(bytes4(digest))), uint256(uint32(v.error)), string.concat(v.name, ": digest error"));
        } else {
            assertEq(abi.decode(hash, (bytes32)), v.hash, string.concat(v.name, ": hash"));
            assertEq(abi.decode(digest, (bytes32)), v.digest, string.concat(v.name, ": digest"));
        }
    }
}
