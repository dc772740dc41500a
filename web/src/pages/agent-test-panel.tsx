import type { TestCallProgress } from '@callagent/sdk';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { api } from '../api';
import { formatMoney, humanise } from '../format';
import { ErrorNotice } from '../ui/feedback';
import { OutcomeBadge } from '../ui/outcome';

interface Line {
  who: 'agent' | 'you';
  text: string;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  start(): void;
}
type RecognitionConstructor = new () => Recognition;

/** The browser's speech recognition, where it has one (Chrome and Safari call it webkitSpeechRecognition). */
function speechRecognition(): RecognitionConstructor | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

function Progress({ progress }: { progress: TestCallProgress }) {
  const known = Object.entries(progress.answers).filter(([, v]) => v !== null);
  return (
    <Stack gap={4} role="region" aria-live="polite" aria-label="What the agent has learnt">
      {known.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing learnt yet.
        </Text>
      ) : (
        known.map(([slot, value]) => (
          <Group key={slot} gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" w={100}>
              {humanise(slot)}
            </Text>
            <Text size="sm">
              {slot === 'price' && typeof value === 'number' ? formatMoney(value) : String(value)}
            </Text>
          </Group>
        ))
      )}
      {progress.score && (
        <>
          <Group gap="xs">
            <Text fw={600}>Score {progress.score.score}</Text>
            <OutcomeBadge outcome={progress.score.outcome} />
          </Group>
          <Table fz="xs" verticalSpacing={2}>
            <Table.Tbody>
              {progress.score.breakdown.map((l) => (
                <Table.Tr key={l.criterion}>
                  <Table.Td>{humanise(l.criterion)}</Table.Td>
                  <Table.Td className="nowrap">
                    {l.points}/{l.max}
                  </Table.Td>
                  <Table.Td>{l.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/** Talks to the draft (typed, or spoken where the browser can): nothing is stored beyond the test call. */
export function TestPanel() {
  const [callId, setCallId] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [progress, setProgress] = useState<TestCallProgress | null>(null);
  const [ended, setEnded] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [listening, setListening] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const Speech = speechRecognition();

  const start = async () => {
    setError(null);
    try {
      const started = await api.testCalls.start({ from: '+447700900999', agent: 'draft' });
      setCallId(started.call_id);
      setLines([{ who: 'agent', text: started.reply }]);
      setProgress(started.progress);
      setEnded(started.ended);
      input.current?.focus();
    } catch (e) {
      setError(e);
    }
  };
  const say = async (words: string) => {
    if (!callId) return;
    setText('');
    setLines((l) => [...l, { who: 'you', text: words || '(silence)' }]);
    try {
      const turn = await api.testCalls.say(callId, { text: words });
      setLines((l) => (turn.reply ? [...l, { who: 'agent', text: turn.reply }] : l));
      setProgress(turn.progress);
      setEnded(turn.ended);
    } catch (e) {
      setError(e);
    }
  };
  const listen = () => {
    if (!Speech) return;
    const recognition = new Speech();
    recognition.lang = 'en-GB';
    recognition.interimResults = false;
    recognition.onresult = (event) => void say(event.results[0]?.[0]?.transcript ?? '');
    recognition.onend = () => setListening(false);
    setListening(true);
    recognition.start();
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Try the draft
          </Title>
          <Button size="xs" variant="light" onClick={start}>
            {callId ? 'Start over' : 'Start a test call'}
          </Button>
        </Group>
        {callId === null && (
          <Text size="sm" c="dimmed">
            A conversation with the draft as a caller would have it. It leaves no lead, opportunity or
            booking.
          </Text>
        )}
        <Stack gap={4} role="log" aria-label="Test conversation">
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the conversation only grows at its end, so a position names one line for good
            <Text key={i} size="sm" ta={l.who === 'you' ? 'right' : 'left'}>
              <Badge size="xs" variant="outline" mr={4}>
                {l.who === 'agent' ? 'Agent' : 'You'}
              </Badge>
              {l.text}
            </Text>
          ))}
          {ended && (
            <Text size="sm" c="dimmed">
              The call has ended.
            </Text>
          )}
        </Stack>
        {callId && !ended && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void say(text.trim());
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                ref={input}
                aria-label="Say to the agent"
                placeholder="I'd like to sell my house"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" size="sm">
                Say
              </Button>
              {Speech && (
                <Button size="sm" variant="light" onClick={listen} loading={listening} aria-label="Speak">
                  Speak
                </Button>
              )}
            </Group>
          </form>
        )}
        {error !== null && <ErrorNotice error={error} />}
        {progress && <Progress progress={progress} />}
      </Stack>
    </Card>
  );
}
