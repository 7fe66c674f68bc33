import { testOrderDifferentialSeed } from "./testOrderDifferentialSeed.js";

// One of four files that split the order differential run by seed (see testOrderDifferentialSeed).
testOrderDifferentialSeed(3);
