// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AttestedDepositReceiver} from "../../../packages/attestkit/contracts/AttestedDepositReceiver.sol";
import {DevnetToken} from "../../../packages/devnet/contracts/DevnetToken.sol";

/// @dev A token that tries to re-enter the receiver from inside `transferFrom` and records how
/// that attempt failed, then completes the transfer normally.
contract ReentrantToken is DevnetToken {
    AttestedDepositReceiver public target;
    bytes public reentryCall;
    bytes public reentryError;
    bool public reentered;

    constructor() DevnetToken("Reentrant", "RE", 18) {}

    function arm(AttestedDepositReceiver target_, bytes calldata call_) external {
        target = target_;
        reentryCall = call_;
    }

    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        if (address(target) != address(0) && !reentered) {
            reentered = true;
            (bool ok, bytes memory err) = address(target).call(reentryCall);
            require(!ok, "reentry succeeded");
            reentryError = err;
        }
        return super.transferFrom(from, to, amount);
    }
}
