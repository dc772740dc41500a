import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSdkSlots, SDK_SLOTS_PATH, withoutLayout } from '../scripts/sdk-slots.js';

// The SDK carries a generated copy of the slot table's names and vocabularies (docs/architecture.md,
// "The slot table"); this fails when the table changed and `npm run sdk:slots` was not run.
describe('the SDK slot types', () => {
  it('match the slot table', () => {
    expect(withoutLayout(readFileSync(SDK_SLOTS_PATH, 'utf8'))).toBe(withoutLayout(renderSdkSlots()));
  });

  it('notice a vocabulary that drifted', () => {
    const drifted = renderSdkSlots().replace("'needs_modernisation'", "'needs_work'");
    expect(withoutLayout(drifted)).not.toBe(withoutLayout(renderSdkSlots()));
  });
});
