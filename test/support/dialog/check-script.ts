/** Assertions for scripted calls, printing the whole conversation when one fails. */
import { expect } from 'vitest';
import { londonText } from './fixtures.js';
import { type Expected, lastEffect, type Run, runScript, type Script, type Step } from './script.js';

/** Fails with the whole conversation printed, so a broken script is easy to read. */
export function checkScript(script: Script): Run {
  const run = runScript(script);
  const said = run.results
    .map((r, i) => `${i === 0 ? '' : `  caller: ${describeStep(script.steps[i - 1])}\n`}  agent:  ${r.reply}`)
    .join('\n');
  const e = script.expect;
  const at = `\n${said}\n`;
  if (e.lead !== undefined) checkLead(run, e.lead, at);
  if (e.opportunity !== undefined) checkOpportunity(run, e.opportunity, at);
  if (e.booking !== undefined) {
    const book = lastEffect(run.effects, 'book');
    const seen = book === null ? null : { kind: book.kind, start: londonText(book.start) };
    expect(seen, `booking${at}`).toEqual(e.booking);
    expect(
      run.effects.filter((x) => x.type === 'book').length,
      `one booking at most${at}`,
    ).toBeLessThanOrEqual(1);
  }
  if (e.transfer !== undefined) {
    const transfer = lastEffect(run.effects, 'transfer');
    expect(transfer?.to ?? null, `transfer${at}`).toBe(e.transfer?.to ?? null);
    if (e.transfer?.brief !== undefined) expect(transfer?.brief, `brief${at}`).toMatch(e.transfer.brief);
  }
  if (e.end !== undefined) expect(lastEffect(run.effects, 'end')?.reason ?? null, `end${at}`).toBe(e.end);
  for (const [turn, pattern] of Object.entries(e.replies ?? {})) {
    expect(run.replies[Number(turn)], `reply ${turn}${at}`).toMatch(pattern);
  }
  for (const pattern of e.never ?? []) {
    for (const reply of run.replies) expect(reply, `never ${pattern}${at}`).not.toMatch(pattern);
  }
  for (const [turn, types] of Object.entries(e.turnEffects ?? {})) {
    expect(
      run.results[Number(turn)]?.effects.map((x) => x.type),
      `effects of turn ${turn}${at}`,
    ).toEqual(types);
  }
  e.state?.(run.state);
  return run;
}

function checkLead(run: Run, expected: Expected['lead'], at: string): void {
  const lead = lastEffect(run.effects, 'capture_lead');
  if (expected === null || expected === undefined) {
    expect(lead, `lead${at}`).toBeNull();
    return;
  }
  expect({ name: lead?.name, phone: lead?.phone }, `lead${at}`).toEqual({
    name: expected.name,
    phone: expected.phone,
  });
  if (expected.note !== undefined) expect(lead?.note ?? '', `lead note${at}`).toMatch(expected.note);
}

function checkOpportunity(run: Run, expected: Expected['opportunity'], at: string): void {
  const opp = lastEffect(run.effects, 'score_opportunity');
  if (expected === null || expected === undefined) {
    expect(opp, `opportunity${at}`).toBeNull();
    return;
  }
  expect(opp, `opportunity${at}`).not.toBeNull();
  if (expected.outcome !== undefined) expect(opp?.outcome, `outcome${at}`).toBe(expected.outcome);
  if (expected.score !== undefined) expect(opp?.score, `score${at}`).toBe(expected.score);
  if (expected.facts !== undefined) expect(opp?.facts, `facts${at}`).toMatchObject(expected.facts);
  if (expected.postcode !== undefined) expect(opp?.postcode, `postcode${at}`).toBe(expected.postcode);
  if (expected.address !== undefined) expect(opp?.address, `address${at}`).toBe(expected.address);
}

function describeStep(step: Step | undefined): string {
  if (step === undefined) return '';
  if (typeof step === 'string') return step;
  if (step.kind === 'speech') return `${step.text} <confidence ${step.confidence ?? 'n/a'}>`;
  return `<${step.kind}${step.kind === 'dtmf' ? ` ${step.digits}` : ''}${step.kind === 'transfer_failed' ? ` ${step.reason}` : ''}>`;
}
