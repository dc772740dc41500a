/**
 * Writes sdk/src/slots.ts from the slot table (src/dialog/slots): the slot names, the scoring
 * criteria, each vocabulary with its labels (as constants and type unions) and the opportunity's facts. The SDK is a
 * package of its own with no dependencies, so it carries a generated copy rather than importing
 * the service's source; test/sdk-slots.test.ts fails when the copy and the table drift apart.
 * Run `npm run sdk:slots` after changing the table.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CRITERIA, FACT_SLOTS, SLOT_NAMES, SLOTS, type SlotDefinition } from '../src/dialog/slots/index.js';

export const SDK_SLOTS_PATH = fileURLToPath(new URL('../sdk/src/slots.ts', import.meta.url));

const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (items: readonly string[]): string => `[\n${items.map((i) => `  ${quote(i)},\n`).join('')}]`;

function vocabulary(slot: SlotDefinition): string[] {
  if (slot.typeName === undefined || slot.vocabulary.length === 0) return [];
  const constant = `${slot.name.toUpperCase()}_VALUES`;
  const entries = slot.vocabulary.map((e) => `  { value: ${quote(e.value)}, label: ${quote(e.label)} },`);
  return [
    '',
    `/** The values of ${slot.name}, with the words the console shows for them. */`,
    `export const ${constant} = [`,
    ...entries,
    '] as const;',
    `export type ${slot.typeName} = (typeof ${constant})[number]['value'];`,
  ];
}

/** The TypeScript type of a slot's value: its vocabulary's type, else number or string. */
function valueType(slot: SlotDefinition): string {
  if (slot.typeName !== undefined) return slot.typeName;
  const { type } = z.toJSONSchema(slot.schema) as { type?: string };
  return type === 'integer' || type === 'number' ? 'number' : 'string';
}

function facts(): string[] {
  const fields = FACT_SLOTS.flatMap((slot: SlotDefinition) => {
    const fact = slot.fact ?? { key: slot.name };
    const doc = fact.description === undefined ? [] : [`  /** ${fact.description} */`];
    return [...doc, `  ${fact.key}: ${valueType(slot)} | null;`];
  });
  return [
    '',
    '/** What the caller said; every key is present, null when not learnt. */',
    'export interface OpportunityFacts {',
    ...fields,
    '}',
  ];
}

/**
 * The same module with layout left out (whitespace, trailing commas), so the drift test compares
 * what the code says and not how the formatter laid it out.
 */
export function withoutLayout(code: string): string {
  return code.replace(/\s+/g, '').replace(/,([\]}])/g, '$1');
}

/** The generated module, laid out as the formatter lays it out. */
export function renderSdkSlots(): string {
  return [
    '// Generated from the slot table (src/dialog/slots) by `npm run sdk:slots`; do not edit by hand.',
    '// test/sdk-slots.test.ts fails when this file and the table drift apart.',
    '',
    '/** The slots the agent asks about, in their default order. */',
    `export const SLOT_NAMES = ${list(SLOT_NAMES)} as const;`,
    'export type SlotName = (typeof SLOT_NAMES)[number];',
    '',
    '/** The scoring criteria, in the order a score breakdown lists them. */',
    `export const SCORING_CRITERIA = ${list(CRITERIA)} as const;`,
    'export type ScoringCriterion = (typeof SCORING_CRITERIA)[number];',
    ...SLOTS.flatMap((slot: SlotDefinition) => vocabulary(slot)),
    ...facts(),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SDK_SLOTS_PATH, renderSdkSlots());
  process.stdout.write(`wrote ${SDK_SLOTS_PATH}\n`);
}
