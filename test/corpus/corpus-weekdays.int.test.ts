import { defineCorpusSuite } from './suite.js';

// Weekday office hours and a weekday evening; the weekend and the bank holiday are in another
// file, so the two run side by side.
defineCorpusSuite(['tue-0940', 'wed-1210', 'thu-1650', 'mon-2030']);
