// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
library Placeholder { function one() internal pure returns (uint256) { return 1; } }
