// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {WETH} from "solady/tokens/WETH.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";

/// @notice Wrapped Ether of the local devnet: solady's WETH (WETH9's `deposit` / `withdraw`) with
/// WETH10's `depositTo` and `withdrawTo`, so that a same-chain wrap or unwrap for another recipient
/// is one transaction, as a self-executed quote's step.
/// @author attestkit
/// @dev Not for production: a devnet test contract.
contract DevnetWeth is WETH {
    /// @notice Wraps `msg.value` ETH into WETH minted to `to`.
    /// @param to Who receives the WETH.
    function depositTo(address to) external payable {
        _mint(to, msg.value);
    }

    /// @notice Burns `amount` WETH of the caller and sends `amount` ETH to `to`.
    /// @param to Who receives the ETH.
    /// @param amount The amount, in wei.
    function withdrawTo(address to, uint256 amount) external {
        _burn(msg.sender, amount);
        SafeTransferLib.safeTransferETH(to, amount);
    }
}
