import { afterEach, expect } from 'vitest';
import { takeConsoleProblems } from './browser.js';

// Every console test fails on a console error, a CSP violation or a failed request it did not
// declare (docs/console.md, Tests): what a person would see go wrong in the browser's console.
afterEach(() => {
  expect(takeConsoleProblems(), 'the browser console').toEqual([]);
});
