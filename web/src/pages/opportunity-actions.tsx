import type { Opportunity, OpportunityOutcome } from '@callagent/sdk';
import { Button, Divider, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { useMembers } from '../hooks';
import { useCan, useTimeZone } from '../session';
import { ErrorNotice } from '../ui/feedback';
import { OUTCOMES } from '../ui/outcome';
import { BookingForm } from './booking-form';
import { MergeOpportunity } from './merge-action';

/** Owner, outcome, desk notes and a booking: what the desk does to an opportunity. */
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
    mutationFn: (body: { owner_id?: string | null; outcome?: OpportunityOutcome }) =>
      api.opportunities.update(opportunity.id, body),
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
          label="Outcome"
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
      {can.workDesk && leadId && <BookingForm leadId={leadId} callId={opportunity.call_id} />}
      <MergeOpportunity opportunity={opportunity} />
    </Stack>
  );
}
