import type { OpportunityOutcome } from '@callagent/sdk';
import { Badge } from '@mantine/core';

export const OUTCOMES: OpportunityOutcome[] = ['hot', 'warm', 'cold', 'disqualified', 'won', 'lost'];
const COLOUR: Record<OpportunityOutcome, string> = {
  hot: 'red',
  warm: 'orange',
  cold: 'blue',
  disqualified: 'gray',
  won: 'green',
  lost: 'dark',
};

export function OutcomeBadge({ outcome, score }: { outcome: OpportunityOutcome; score?: number }) {
  return (
    // The dot carries the colour; the words stay dark, so they read at any size (WCAG AA).
    <Badge color={COLOUR[outcome]} variant="dot" className="nowrap">
      {outcome}
      {score === undefined ? '' : ` ${score}`}
    </Badge>
  );
}

const STATUS_COLOUR: Record<string, string> = {
  in_progress: 'green',
  completed: 'blue',
  transferred: 'grape',
  failed: 'red',
};

export function CallStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLOUR[status] ?? 'gray'} variant="dot">
      {status === 'in_progress' ? 'live' : status}
    </Badge>
  );
}
