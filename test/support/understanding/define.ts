/** Helpers for writing templates: one list per slot and half, and the facts in the engine's form. */
import type {
  Condition,
  Occupancy,
  PropertyType,
  SellingReason,
  SlotName,
} from '../../../src/dialog/slots/index.js';
import type { Asked, Draft, ExpectedFact, Gen, Template } from './types.js';

/** A maker of one slot's templates: its id, the questions it answers, and how it speaks. */
export function templatesFor(
  slot: SlotName,
): (id: string, asked: readonly Asked[], make: (g: Gen) => Draft) => Template {
  return (id, asked, make) => ({ id, slot, asked, make });
}

export function name(value: string, ...also: string[]): ExpectedFact {
  return { key: 'name', value, also };
}

/** The street line; `also` for the same line with its town, as the engine may keep it. */
export function street(value: string, ...also: string[]): ExpectedFact {
  return { key: 'address', value, also };
}

export function postcode(value: string): ExpectedFact {
  return { key: 'postcode', value };
}

export function propertyType(value: PropertyType, ...also: PropertyType[]): ExpectedFact {
  return { key: 'property_type', value, also };
}

export function bedrooms(value: number): ExpectedFact {
  return { key: 'bedrooms', value };
}

export function condition(value: Condition, ...also: Condition[]): ExpectedFact {
  return { key: 'condition', value, also };
}

export function occupancy(value: Occupancy): ExpectedFact {
  return { key: 'occupancy', value };
}

/** A price in pounds; a range is expected as its midpoint, as the engine stores it. */
export function price(value: number, ...also: number[]): ExpectedFact {
  return { key: 'price', value, also };
}

export function reason(value: SellingReason, ...also: SellingReason[]): ExpectedFact {
  return { key: 'reason', value, also };
}

export function phone(value: string): ExpectedFact {
  return { key: 'phone', value };
}

/** "It", "It", "it": the first letter in capitals, for a clause that starts a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A pool of single words written as one string, so it stays one line: "Gareth Siobhan Priya". */
export function listOf(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

/** A condition phrase written to follow "it's" ("needing gutting"), as a bare answer ("needs gutting"). */
export function bareCondition(said: string): string {
  return said
    .replace(/^(?:needing|in need of) /, 'needs ')
    .replace(/^wanting /, 'wants ')
    .replace(/^got /, '');
}
