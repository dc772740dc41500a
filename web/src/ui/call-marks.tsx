import type { Call, CallEnding } from '@callagent/sdk';
import { Badge } from '@mantine/core';

/** How a call ended, in the desk's words, in the order the filter offers them. */
export const ENDINGS: { value: CallEnding; label: string }[] = [
  { value: 'booked', label: 'Booked' },
  { value: 'transferred', label: 'Transferred' },
  { value: 'message', label: 'Message left' },
  { value: 'not_seller', label: 'Not a seller' },
  { value: 'hung_up', label: 'Hung up' },
  { value: 'silence', label: 'Silence' },
  { value: 'completed', label: 'Enquiry taken' },
  { value: 'failed', label: 'Not connected' },
];

export function endingLabel(ending: CallEnding | null): string {
  return ENDINGS.find((e) => e.value === ending)?.label ?? '';
}

const COLOUR: Record<CallEnding, string> = {
  booked: 'green',
  transferred: 'grape',
  message: 'blue',
  not_seller: 'gray',
  hung_up: 'orange',
  silence: 'orange',
  completed: 'blue',
  failed: 'red',
};

export function EndingBadge({ ending }: { ending: CallEnding | null }) {
  if (ending === null) return null;
  return (
    // The dot carries the colour; the words stay dark, so they read at any size (WCAG AA).
    <Badge color={COLOUR[ending]} variant="dot" className="nowrap">
      {endingLabel(ending)}
    </Badge>
  );
}

/** Marks a test call: of the draft (kept out of counts and lists) or of the published agent. */
export function TestBadge({ call }: { call: Pick<Call, 'test' | 'channel'> }) {
  if (!call.test && call.channel !== 'sim') return null;
  return (
    <Badge
      color="dark"
      variant="outline"
      size="sm"
      title={
        call.test
          ? 'A test of the draft: kept out of counts and lists'
          : 'A test call of the published agent: its records are real'
      }
    >
      Test
    </Badge>
  );
}
