// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AttestationVerifier} from "../../contracts/AttestationVerifier.sol";
import {Attestation, AttestationV2} from "../../contracts/libraries/AttestationLib.sol";
import {AttestationVectors} from "./generated/AttestationVectors.sol";
import {Test} from "./utils/Test.sol";

/// @dev The shared vectors (test/vectors/attestations.json, via scripts/generate.ts)
/// checked through AttestationVerifier: the same hash, digest, signer, error and verdict as the
/// TypeScript verifiers.
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
        bytes32 hash = v.v2 ? verifier.hashAttestationV2(_v2(v.words)) : verifier.hashAttestation(_v1(v.words));
        assertEq(hash, v.hash, string.concat(v.name, ": hash"));
        bytes32 digest =
            v.v2 ? verifier.digestAttestationV2(_v2(v.words)) : verifier.digestAttestation(_v1(v.words));
        assertEq(digest, v.digest, string.concat(v.name, ": digest"));

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
}
