import type { TranscriptTurn } from '@callagent/sdk';
import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatTime } from '../format';
import { useTimeZone } from '../session';
import { clock } from './recording-sync';

/** The recording a transcript is read beside: each line plays from its place, the one spoken is marked. */
export interface TranscriptPlayer {
  /** Seconds into the recording of each line. */
  offsets: readonly number[];
  /** The line being spoken; -1 for none. */
  current: number;
  seek(line: number): void;
}

const SPEAKER = { agent: 'Agent', caller: 'Caller', system: 'Note' } as const;

/** The transcript as a conversation, times on the left; with a recording, each line a button that plays it. */
export function Transcript({ turns, player }: { turns: TranscriptTurn[]; player?: TranscriptPlayer }) {
  const zone = useTimeZone();
  return (
    <Stack gap="xs" role="log" aria-label="Transcript">
      {turns.map((t, i) => {
        const offset = player?.offsets[i];
        // Inside a button only phrasing content is allowed: spans shown as blocks, not paragraphs.
        const block = player ? ({ component: 'span', display: 'block' } as const) : {};
        const line: ReactNode = (
          <>
            <Text {...block} size="xs" fw={600} c="dimmed">
              {SPEAKER[t.speaker]}
              {offset !== undefined && ` · ${clock(offset)}`}
            </Text>
            <Text {...block} size="sm">
              {t.text}
            </Text>
          </>
        );
        const current = player !== undefined && player.current === i;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a transcript only grows at its end, so a position names one line for good
          <Group key={i} align="flex-start" wrap="nowrap" gap="sm">
            <Text size="xs" c="dimmed" className="transcript-time">
              {formatTime(t.at, zone)}
            </Text>
            <Card
              p={player ? 0 : 'xs'}
              withBorder
              bg={t.speaker === 'agent' ? 'blue.0' : t.speaker === 'system' ? 'gray.0' : undefined}
              maw="85%"
              ml={t.speaker === 'caller' ? 'auto' : undefined}
              className={current ? 'transcript-card transcript-card-current' : 'transcript-card'}
            >
              {player ? (
                <UnstyledButton
                  className={current ? 'transcript-line transcript-line-current' : 'transcript-line'}
                  data-line={i}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => player.seek(i)}
                >
                  {line}
                </UnstyledButton>
              ) : (
                line
              )}
            </Card>
          </Group>
        );
      })}
    </Stack>
  );
}
