import type { AgentConfig, TestCallProgress } from '@callagent/sdk';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
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

interface TestPanelProps {
  /** The configuration the form shows now. */
  form: AgentConfig;
  /** Whether the form holds edits the saved draft lacks. */
  unsaved: boolean;
  /** Saves the form as the draft; false when the API refused it (its problems show at their fields). */
  saveFirst: () => Promise<boolean>;
}

/**
 * Talks to the draft (typed, or spoken where the browser can): nothing is stored beyond the test
 * call. A test call runs the saved draft as it was when the call began, so the panel saves the
 * form first: what it talks to is what the form shows.
 */
export function TestPanel({ form, unsaved, saveFirst }: TestPanelProps) {
  const [callId, setCallId] = useState<string | null>(null);
  const [startedWith, setStartedWith] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [lines, setLines] = useState<Line[]>([]);
  const [progress, setProgress] = useState<TestCallProgress | null>(null);
  const [ended, setEnded] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [listening, setListening] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const Speech = speechRecognition();
  const startLabel = callId ? 'Start over' : 'Start a test call';

  const start = async () => {
    setError(null);
    setRefused(false);
    if (unsaved && !(await saveFirst())) {
      setRefused(true);
      return;
    }
    try {
      setStartedWith(JSON.stringify(form));
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
            {unsaved ? `Save and ${startLabel.toLowerCase()}` : startLabel}
          </Button>
        </Group>
        {unsaved && callId === null && !refused && (
          <Text size="sm" c="dimmed">
            The form has edits that are not saved: starting saves them as the draft first.
          </Text>
        )}
        {refused && (
          <Alert color="red" role="alert">
            The draft was not saved, so the test call did not start: fix the fields marked above.
          </Alert>
        )}
        {callId !== null && !ended && startedWith !== null && startedWith !== JSON.stringify(form) && (
          <Alert color="yellow" role="status">
            The form has changed since this call began; the call still talks to the draft as it was then. Save
            and start over to try your edits.
          </Alert>
        )}
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
              <Badge component="span" size="xs" variant="outline" mr={4}>
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
