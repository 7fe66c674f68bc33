import { testDifferentialSeed } from "./testDifferentialSeed.js";

// One of four files that split the differential run by seed (see testDifferentialSeed).
testDifferentialSeed(2);
