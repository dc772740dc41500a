import { defineCorpusSuite } from './suite.js';

// Every call runs on Tuesday morning and Saturday; the other clock times are in another file so
// the two halves, of about the same size, run side by side.
defineCorpusSuite(['tue-0940', 'sat-1000']);
