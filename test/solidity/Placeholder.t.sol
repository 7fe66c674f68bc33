// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
import {Placeholder} from "../../contracts/libraries/Placeholder.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
contract PlaceholderTest {
  function testOne() public pure { require(Placeholder.one() == 1, "one"); }
  function testFuzzOne(uint256 x) public pure { require(x + 0 == x, "x"); }
}
