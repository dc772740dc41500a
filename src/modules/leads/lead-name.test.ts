import { describe, expect, it } from 'vitest';
import { addCallName, UNKNOWN_CALLER } from './lead-name.js';

describe('addCallName', () => {
  it.each([
    // No name yet: the call's is taken.
    [UNKNOWN_CALLER, 'Sarah Jones', 'Sarah Jones', null],
    ['', 'Sarah Jones', 'Sarah Jones', null],
    // The same name, or its start: nothing changes.
    ['Sarah Jones', 'Sarah Jones', 'Sarah Jones', null],
    ['Sarah Jones', 'sarah jones', 'Sarah Jones', null],
    ['Sarah Jones', 'Sarah', 'Sarah Jones', null],
    // A fuller form of the name: added to it.
    ['Jo', 'Jo Smith', 'Jo Smith', null],
    ['sarah', 'Sarah Jones', 'Sarah Jones', null],
    // Anything else: the lead keeps its name, and the note says what the caller gave.
    ['Sarah Jones', 'John Smith', 'Sarah Jones', 'Gave the name John Smith.'],
    ['Sarah Jones', 'Sarah Smith', 'Sarah Jones', 'Gave the name Sarah Smith.'],
    ['Jo', 'Joanne Smith', 'Jo', 'Gave the name Joanne Smith.'],
    ['Sarah Jones', 'Jones', 'Sarah Jones', 'Gave the name Jones.'],
  ])('%j, then a call says %j: %j', (current, said, name, note) => {
    expect(addCallName(current, said)).toEqual({ name, note });
  });
});
