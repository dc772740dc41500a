import { defineCorpusSuite } from './suite.js';

// The weekend and the Friday before a bank holiday; weekdays are in another file.
defineCorpusSuite(['sat-1000', 'sun-1500', 'fri-bank-hol-1600']);
