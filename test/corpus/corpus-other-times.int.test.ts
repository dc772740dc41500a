import { defineCorpusSuite } from './suite.js';

// Monday evening for every call; lunchtime, late afternoon, Sunday and the Friday before a bank
// holiday for bookings and hand-overs. Tuesday and Saturday are in another file.
defineCorpusSuite(['mon-2030', 'wed-1210', 'thu-1650', 'sun-1500', 'fri-bank-hol-1600']);
