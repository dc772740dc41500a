import {
  type AgentConfig,
  CONDITION_VALUES,
  PROPERTY_TYPE_VALUES,
  REASON_VALUES,
  type Weekday,
} from '@callagent/sdk';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { setIn } from './agent-diff';
import { DAY_NAMES, reminders, type SectionId, slotLabel, TEXT_LABELS } from './agent-fields';

export type { SectionId } from './agent-fields';
export const SECTIONS: readonly { id: SectionId; label: string }[] = [
  { id: 'lines', label: 'Greeting and lines' },
  { id: 'questions', label: 'Questions' },
  { id: 'buy_box', label: 'Buy box' },
  { id: 'scoring', label: 'Scoring' },
  { id: 'hours', label: 'Hours' },
  { id: 'transfer', label: 'Transfer' },
  { id: 'booking', label: 'Booking rules' },
  { id: 'language_model', label: 'Language model' },
  { id: 'texts', label: 'Texts to sellers' },
];

/** Reminder times offered; a configuration's own others are added to the list. */
const REMINDER_PRESETS = [10080, 2880, 1440, 180, 60, 30];
const reminderOptions = (chosen: readonly number[]) =>
  [...new Set([...REMINDER_PRESETS, ...chosen])]
    .sort((a, b) => b - a)
    .map((m) => ({ value: String(m), label: reminders([m]) }));

export interface SectionProps {
  config: AgentConfig;
  onChange: (next: AgentConfig) => void;
  /**
   * The API's message for a field in words, by its path under config (e.g. "buy_box.min_bedrooms");
   * for a list of words, its items' messages too.
   */
  errorAt: (path: string) => string | undefined;
  readOnly: boolean;
}

/** What a line is for, where its label alone does not say. */
const LINE_HINTS: Partial<Record<keyof AgentConfig['lines'], string>> = {
  recording_notice: 'Calls are recorded while Record calls is on in Settings, Workspace.',
};

const LINE_LABELS: Record<keyof AgentConfig['lines'], string> = {
  greeting: 'Greeting ({business}, {agent})',
  recording_notice: 'Recording notice (said after the greeting when calls are recorded)',
  returning_greeting: 'Greeting for a returning caller (never names them)',
  closing: 'Closing',
  out_of_hours: 'Out of hours',
  transfer: 'Before a transfer',
  callback_offer: 'Offering a callback',
  viewing_offer: 'Offering a viewing',
  not_seller: 'Not a seller (take a message)',
};
// The buy box's choices, with their labels, come from the slot table by way of the SDK.
const options = (values: readonly { value: string; label: string }[]) =>
  values.map(({ value, label }) => ({ value, label }));
const TYPES = options(PROPERTY_TYPE_VALUES);
const CONDITIONS = options(CONDITION_VALUES);
const REASONS = options(REASON_VALUES);
const DAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** The API's limit of opening windows a day. */
const MAX_WINDOWS = 4;
type OpeningWindow = AgentConfig['hours']['week'][Weekday][number];

/** A window to add after the last one: the next two hours, or office hours on a closed day. */
function nextWindow(windows: readonly OpeningWindow[]): OpeningWindow {
  const last = windows.at(-1);
  if (!last) return { start: '09:00', end: '17:30' };
  const [h = 0, m = 0] = last.end.split(':').map(Number);
  const start = Math.min(h * 60 + m + 60, 22 * 60);
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { start: hhmm(start), end: hhmm(Math.min(start + 120, 23 * 60 + 59)) };
}

/** One day's opening windows: each editable and removable, up to the API's four. */
function DayHours({
  day,
  windows,
  onChange,
  errorAt,
  readOnly,
}: {
  day: Weekday;
  windows: readonly OpeningWindow[];
  onChange: (next: OpeningWindow[]) => void;
  errorAt: SectionProps['errorAt'];
  readOnly: boolean;
}) {
  const name = DAY_NAMES[day];
  const edit = (i: number, key: keyof OpeningWindow, value: string) =>
    onChange(windows.map((w, j) => (j === i ? { ...w, [key]: value } : w)));
  const label = (i: number, what: string) => `${name} ${what}${windows.length > 1 ? ` (${i + 1})` : ''}`;
  return (
    <Stack gap={4} role="group" aria-label={`${name} hours`}>
      <Group gap="xs">
        <Text fw={600} size="sm" w={96}>
          {name}
        </Text>
        {windows.length === 0 && (
          <Text size="sm" c="dimmed">
            Closed
          </Text>
        )}
      </Group>
      {windows.map((w, i) => (
        // Windows have no id: their place in the day is what the API's errors name.
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the window's identity here
        <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            type="time"
            label={label(i, 'opens')}
            value={w.start}
            onChange={(e) => edit(i, 'start', e.currentTarget.value)}
            error={errorAt(`hours.week.${day}.${i}.start`)}
            readOnly={readOnly}
            disabled={readOnly}
          />
          <TextInput
            type="time"
            label={label(i, 'closes')}
            value={w.end}
            onChange={(e) => edit(i, 'end', e.currentTarget.value)}
            error={errorAt(`hours.week.${day}.${i}.end`) ?? errorAt(`hours.week.${day}.${i}`)}
            readOnly={readOnly}
            disabled={readOnly}
          />
          {!readOnly && (
            <Button
              variant="subtle"
              color="red"
              mt={24}
              onClick={() => onChange(windows.filter((_, j) => j !== i))}
              aria-label={`Remove ${label(i, 'hours')}`}
            >
              Remove
            </Button>
          )}
        </Group>
      ))}
      {errorAt(`hours.week.${day}`) && (
        <Text size="sm" c="red.8" role="alert">
          {errorAt(`hours.week.${day}`)}
        </Text>
      )}
      {!readOnly && windows.length < MAX_WINDOWS && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onChange([...windows, nextWindow(windows)])}
            aria-label={`Add hours on ${name}`}
          >
            Add hours
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const num = (v: string | number) => (typeof v === 'number' ? v : Number.parseInt(v, 10) || 0);

export function Section({ id, ...p }: SectionProps & { id: SectionId }) {
  const { config: c, errorAt, readOnly } = p;
  const set = (path: (string | number)[], value: unknown) => p.onChange(setIn(c, path, value));
  const common = (path: string) => ({ error: errorAt(path), readOnly, disabled: readOnly });
  switch (id) {
    case 'lines':
      return (
        <Stack>
          <Group grow>
            <TextInput
              label="Business name"
              value={c.business_name}
              onChange={(e) => set(['business_name'], e.currentTarget.value)}
              {...common('business_name')}
            />
            <TextInput
              label="Agent name"
              value={c.agent_name}
              onChange={(e) => set(['agent_name'], e.currentTarget.value)}
              {...common('agent_name')}
            />
          </Group>
          {(Object.keys(LINE_LABELS) as (keyof AgentConfig['lines'])[]).map((key) => (
            <Textarea
              key={key}
              label={LINE_LABELS[key]}
              description={LINE_HINTS[key]}
              autosize
              minRows={2}
              value={c.lines[key] ?? ''}
              onChange={(e) => set(['lines', key], e.currentTarget.value)}
              {...common(`lines.${key}`)}
            />
          ))}
        </Stack>
      );
    case 'questions':
      return (
        <Stack>
          {errorAt('questions') && (
            <Text size="sm" c="red.8" role="alert">
              {errorAt('questions')}
            </Text>
          )}
          {c.questions.map((q, i) => (
            <Stack
              key={q.slot}
              gap={4}
              p="xs"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            >
              <Group justify="space-between">
                <Text fw={600}>{slotLabel(q.slot)}</Text>
                <Checkbox
                  label="Ask"
                  checked={q.ask}
                  onChange={(e) => set(['questions', i, 'ask'], e.currentTarget.checked)}
                  disabled={readOnly}
                />
              </Group>
              <TextInput
                label={`How the agent asks for ${q.slot.replaceAll('_', ' ')}`}
                value={q.prompt}
                onChange={(e) => set(['questions', i, 'prompt'], e.currentTarget.value)}
                {...common(`questions.${i}.prompt`)}
              />
              <TextInput
                label="Asking again"
                value={q.reprompt}
                onChange={(e) => set(['questions', i, 'reprompt'], e.currentTarget.value)}
                {...common(`questions.${i}.reprompt`)}
              />
            </Stack>
          ))}
        </Stack>
      );
    case 'buy_box': {
      const b = c.buy_box;
      return (
        <Stack>
          <TextInput
            label="Postcode areas and districts"
            description="Comma-separated, e.g. M, SK4, WA14. Empty: anywhere."
            value={b.postcode_areas.join(', ')}
            onChange={(e) =>
              set(
                ['buy_box', 'postcode_areas'],
                e.currentTarget.value
                  .split(',')
                  .map((s) => s.trim().toUpperCase())
                  .filter(Boolean),
              )
            }
            {...common('buy_box.postcode_areas')}
          />
          <MultiSelect
            label="Property types (empty: any)"
            data={TYPES}
            value={b.property_types}
            onChange={(v) => set(['buy_box', 'property_types'], v)}
            {...common('buy_box.property_types')}
          />
          <Group grow>
            <NumberInput
              label="Fewest bedrooms"
              min={0}
              max={20}
              value={b.min_bedrooms}
              onChange={(v) => set(['buy_box', 'min_bedrooms'], num(v))}
              {...common('buy_box.min_bedrooms')}
            />
            <NumberInput
              label="Most bedrooms"
              min={0}
              max={20}
              value={b.max_bedrooms}
              onChange={(v) => set(['buy_box', 'max_bedrooms'], num(v))}
              {...common('buy_box.max_bedrooms')}
            />
            <NumberInput
              label="Price ceiling (£)"
              min={1}
              thousandSeparator=","
              value={b.max_price ?? ''}
              onChange={(v) => set(['buy_box', 'max_price'], v === '' ? null : num(v))}
              {...common('buy_box.max_price')}
            />
          </Group>
          <MultiSelect
            label="Conditions bought (empty: any)"
            data={CONDITIONS}
            value={b.conditions}
            onChange={(v) => set(['buy_box', 'conditions'], v)}
            {...common('buy_box.conditions')}
          />
          <MultiSelect
            label="Motivating reasons"
            data={REASONS}
            value={b.motivating_reasons}
            onChange={(v) => set(['buy_box', 'motivating_reasons'], v)}
            {...common('buy_box.motivating_reasons')}
          />
        </Stack>
      );
    }
    case 'scoring': {
      const w = c.scoring.weights;
      return (
        <Stack>
          <Text size="sm" c="dimmed">
            Weights are shares of the 100 points: only their proportions matter.
          </Text>
          <Group grow>
            {(Object.keys(w) as (keyof typeof w)[]).map((k) => (
              <NumberInput
                key={k}
                label={k.replaceAll('_', ' ')}
                min={0}
                max={100}
                value={w[k]}
                onChange={(v) => set(['scoring', 'weights', k], num(v))}
                {...common(`scoring.weights.${k}`)}
              />
            ))}
          </Group>
          <Group grow>
            <NumberInput
              label="Hot from score"
              min={0}
              max={100}
              value={c.scoring.hot_threshold}
              onChange={(v) => set(['scoring', 'hot_threshold'], num(v))}
              {...common('scoring.hot_threshold')}
            />
            <NumberInput
              label="Warm from score"
              min={0}
              max={100}
              value={c.scoring.warm_threshold}
              onChange={(v) => set(['scoring', 'warm_threshold'], num(v))}
              {...common('scoring.warm_threshold')}
            />
          </Group>
        </Stack>
      );
    }
    case 'hours':
      return (
        <Stack>
          <TextInput
            label="Time zone"
            value={c.hours.time_zone}
            onChange={(e) => set(['hours', 'time_zone'], e.currentTarget.value)}
            {...common('hours.time_zone')}
          />
          {DAYS.map((d) => (
            <DayHours
              key={d}
              day={d}
              windows={c.hours.week[d]}
              onChange={(next) => set(['hours', 'week', d], next)}
              errorAt={errorAt}
              readOnly={readOnly}
            />
          ))}
        </Stack>
      );
    case 'transfer':
      return (
        <Stack>
          <TextInput
            label="Transfer number (E.164; empty: never transfer)"
            placeholder="+441612345678"
            value={c.transfer.number ?? ''}
            onChange={(e) => set(['transfer', 'number'], e.currentTarget.value.trim() || null)}
            {...common('transfer.number')}
          />
          <Switch
            label="Transfer when the caller asks for a person"
            checked={c.transfer.on_request}
            disabled={readOnly}
            onChange={(e) => set(['transfer', 'on_request'], e.currentTarget.checked)}
          />
          <Switch
            label="Transfer hot callers"
            checked={c.transfer.when_hot}
            disabled={readOnly}
            onChange={(e) => set(['transfer', 'when_hot'], e.currentTarget.checked)}
          />
        </Stack>
      );
    case 'booking': {
      const k = c.booking;
      const field = (key: keyof typeof k, label: string) => (
        <NumberInput
          label={label}
          min={0}
          value={k[key]}
          onChange={(v) => set(['booking', key], num(v))}
          {...common(`booking.${key}`)}
        />
      );
      return (
        <Stack>
          <Group grow>
            {field('callback_minutes', 'Callback length (min)')}
            {field('viewing_minutes', 'Viewing length (min)')}
          </Group>
          <Group grow>
            {field('lead_time_minutes', 'Earliest, minutes from now')}
            {field('horizon_days', 'Latest, days ahead')}
            {field('offer_count', 'Times offered at once')}
          </Group>
        </Stack>
      );
    }
    case 'language_model': {
      const m = c.language_model;
      return (
        <Stack>
          <Text size="sm" c="dimmed">
            When the rules cannot read an answer, the agent can ask the language model the service is
            configured with. The rules still decide what is said, booked or transferred. Transcripts of calls
            are sent to the model's provider. Without a model configured on the service, this switch changes
            nothing.
          </Text>
          <Switch
            label="Ask the language model on calls"
            checked={m.enabled}
            disabled={readOnly}
            onChange={(e) => set(['language_model', 'enabled'], e.currentTarget.checked)}
          />
          <NumberInput
            label="Model requests a day, at most"
            description="For all of this workspace's calls in a day (UTC), up to the service's own ceiling; past it the rules work alone."
            min={1}
            max={100000}
            thousandSeparator=","
            value={m.max_calls_per_day}
            onChange={(v) => set(['language_model', 'max_calls_per_day'], num(v))}
            {...common('language_model.max_calls_per_day')}
          />
        </Stack>
      );
    }
    case 'texts': {
      const t = c.texts;
      return (
        <Stack>
          <Text size="sm" c="dimmed">
            Texts go from the number the seller called, which needs its Twilio account SID (Settings → Phone
            numbers), and only to mobiles. None leave between 21:00 and 08:00 except a confirmation of what
            the seller has just done. Wording may use {'{business} {name} {kind} {address} {day} {time}'}.
          </Text>
          <Switch
            label="Text sellers to confirm and remind"
            checked={t.enabled}
            disabled={readOnly}
            onChange={(e) => set(['texts', 'enabled'], e.currentTarget.checked)}
          />
          <MultiSelect
            label="Reminders before a viewing"
            description="Up to three."
            data={reminderOptions(t.reminders_minutes)}
            value={t.reminders_minutes.map(String)}
            maxValues={3}
            onChange={(v) =>
              set(
                ['texts', 'reminders_minutes'],
                v.map(Number).sort((a, b) => b - a),
              )
            }
            {...common('texts.reminders_minutes')}
          />
          <TextInput
            label="What the agent says when a text will follow a booking"
            value={t.spoken_promise}
            onChange={(e) => set(['texts', 'spoken_promise'], e.currentTarget.value)}
            {...common('texts.spoken_promise')}
          />
          {(Object.keys(TEXT_LABELS) as (keyof AgentConfig['texts']['wording'])[]).map((key) => (
            <Textarea
              key={key}
              label={TEXT_LABELS[key]}
              autosize
              minRows={2}
              value={t.wording[key]}
              onChange={(e) => set(['texts', 'wording', key], e.currentTarget.value)}
              {...common(`texts.wording.${key}`)}
            />
          ))}
        </Stack>
      );
    }
  }
}
