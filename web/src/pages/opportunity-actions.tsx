import type {
  Opportunity,
  OpportunityOutcome,
  OpportunityStage,
  UpdateOpportunityParams,
} from '@callagent/sdk';
import { Button, Divider, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime, fromLocalInput } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice } from '../ui/feedback';
import { OUTCOMES } from '../ui/outcome';
import { NextActionLine, usePipeline } from '../ui/seller';
import { BookingForm } from './booking-form';
import { MergeOpportunity } from './merge-action';

/** Moving a deal to dead asks why first; any other stage moves at once. */
function StageControl({
  opportunity,
  onSave,
}: {
  opportunity: Opportunity;
  onSave: (body: UpdateOpportunityParams) => void;
}) {
  const can = useCan();
  const pipeline = usePipeline();
  const [dying, setDying] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Stack gap={4}>
      <Select
        label="Stage"
        data={pipeline.options}
        value={dying ? 'dead' : opportunity.stage}
        allowDeselect={false}
        disabled={!can.workDesk}
        onChange={(v) => {
          if (v === 'dead' && opportunity.stage !== 'dead') setDying(true);
          else if (v) {
            setDying(false);
            onSave({ stage: v as OpportunityStage });
          }
        }}
      />
      {dying && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return;
            onSave({ stage: 'dead', dead_reason: reason.trim() });
            setDying(false);
            setReason('');
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Why is it dead?"
              required
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" size="xs" color="red" disabled={!reason.trim()}>
              Mark dead
            </Button>
            <Button size="xs" variant="default" onClick={() => setDying(false)}>
              Keep
            </Button>
          </Group>
        </form>
      )}
      {opportunity.stage === 'dead' && opportunity.dead_reason && (
        <Text size="xs" c="dimmed">
          Dead: {opportunity.dead_reason}
        </Text>
      )}
    </Stack>
  );
}

/** The next action: what it is, done, or a new one (what, who, when). */
function NextActionControl({
  opportunity,
  onSave,
}: {
  opportunity: Opportunity;
  onSave: (body: UpdateOpportunityParams) => void;
}) {
  const can = useCan();
  const zone = useTimeZone();
  const members = useMembers();
  const [what, setWhat] = useState('');
  const [who, setWho] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const closed = opportunity.stage === 'completed' || opportunity.stage === 'dead';
  return (
    <Stack gap={6} aria-label="Next action">
      <Text size="sm" fw={600}>
        Next action
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <NextActionLine action={opportunity.next_action} size="sm" />
        {can.workDesk && opportunity.next_action && (
          <Button size="compact-xs" variant="light" onClick={() => onSave({ next_action: null })}>
            Done
          </Button>
        )}
      </Group>
      {can.workDesk && !closed && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!what.trim() || !when) return;
            onSave({ next_action: { what: what.trim(), owner_id: who, due_at: fromLocalInput(when, zone) } });
            setWhat('');
            setWhen('');
          }}
          aria-label="Set the next action"
        >
          <Group grow align="flex-end" gap="xs">
            <TextInput
              label="What"
              placeholder="Call the seller back"
              maxLength={200}
              value={what}
              onChange={(e) => setWhat(e.currentTarget.value)}
            />
            <Select
              label="Who"
              placeholder="Anyone"
              data={members.options}
              value={who}
              clearable
              onChange={setWho}
            />
            <TextInput
              label="Due"
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.currentTarget.value)}
            />
          </Group>
          <Group mt={6}>
            <Button type="submit" size="xs" disabled={!what.trim() || !when}>
              Set next action
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

/** Stage, next action, owner, outcome, desk notes and a booking: what the desk does to an opportunity. */
export function OpportunityActions({
  opportunity,
  leadId,
}: {
  opportunity: Opportunity;
  leadId: string | null;
}) {
  const can = useCan();
  const zone = useTimeZone();
  const members = useMembers();
  const queries = useQueryClient();
  const [note, setNote] = useState('');
  const done = () => {
    void queries.invalidateQueries({ queryKey: ['opportunity'] });
    void queries.invalidateQueries({ queryKey: ['opportunities'] });
  };
  const update = useMutation({
    mutationFn: (body: UpdateOpportunityParams) => api.opportunities.update(opportunity.id, body),
    onSuccess: done,
  });
  const addNote = useMutation({
    mutationFn: () => api.opportunities.addNote(opportunity.id, { body: note }),
    onSuccess: () => {
      setNote('');
      done();
    },
  });
  return (
    <Stack gap="sm" mt="sm">
      <Divider label="Desk" labelPosition="left" />
      <StageControl opportunity={opportunity} onSave={(body) => update.mutate(body)} />
      <NextActionControl opportunity={opportunity} onSave={(body) => update.mutate(body)} />
      <Group grow>
        <Select
          label="Owner"
          data={members.options}
          value={opportunity.owner_id}
          placeholder="Unassigned"
          clearable
          disabled={!can.workDesk}
          onChange={(owner) => update.mutate({ owner_id: owner })}
        />
        <Select
          label="Temperature"
          data={OUTCOMES}
          value={opportunity.outcome}
          allowDeselect={false}
          disabled={!can.workDesk}
          onChange={(outcome) => outcome && update.mutate({ outcome: outcome as OpportunityOutcome })}
        />
      </Group>
      {update.isError && <ErrorNotice error={update.error} />}
      <Stack gap={4} aria-label="Desk notes">
        {opportunity.notes.length === 0 && (
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        )}
        {opportunity.notes.map((n) => (
          <div key={n.id}>
            <Text size="xs" c="dimmed">
              {members.nameOf(n.author_id)}, {formatDateTime(n.created_at, zone)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {n.body}
            </Text>
          </div>
        ))}
      </Stack>
      {can.workDesk && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim()) addNote.mutate();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Add a note"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={5000}
            />
            <Group>
              <Button type="submit" size="xs" loading={addNote.isPending} disabled={!note.trim()}>
                Save note
              </Button>
            </Group>
            {addNote.isError && <ErrorNotice error={addNote.error} />}
          </Stack>
        </form>
      )}
      {can.workDesk && leadId && (
        <BookingForm
          leadId={leadId}
          callId={opportunity.call_id}
          // The service makes what was just booked the deal's next step (docs/desk-api.md): read it back.
          onBooked={done}
        />
      )}
      <MergeOpportunity opportunity={opportunity} />
    </Stack>
  );
}
