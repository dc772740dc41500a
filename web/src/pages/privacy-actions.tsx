import type { Lead } from '@callagent/sdk';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatPhone } from '../format';
import { download } from '../hooks';
import { useCan } from '../session';
import { ErrorNotice } from '../ui/feedback';

/** The number's own digits, without a country code or a leading 0: what both spellings share. */
function nationalDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.startsWith('44')) return digits.slice(2);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * On the lead page, for admins and the owner: the person's data as a JSON file (a subject access
 * request), and erasure, which asks for the lead's number to be typed so it cannot happen by a
 * slip (docs/privacy.md, docs/console.md).
 */
export function LeadPrivacyActions({ lead }: { lead: Lead }) {
  const can = useCan();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const exportData = useMutation({
    mutationFn: () => api.privacy.exportLead(lead.id),
    onSuccess: (doc) => download(`${lead.id}.json`, JSON.stringify(doc, null, 2), 'application/json'),
  });
  const erase = useMutation({
    mutationFn: () => api.privacy.erase(lead.id, { confirm: typed }),
    onSuccess: () => {
      setConfirming(false);
      setTyped('');
      for (const key of [
        'lead',
        'leads',
        'calls',
        'call',
        'opportunities',
        'opportunity',
        'bookings',
        'today',
      ]) {
        void queries.invalidateQueries({ queryKey: [key] });
      }
    },
  });
  if (!can.manage) return null;
  const erased = lead.phone.startsWith('erased:');
  const matches = typed.trim() !== '' && nationalDigits(typed) === nationalDigits(lead.phone);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() => exportData.mutate()}
          loading={exportData.isPending}
        >
          Download data (JSON)
        </Button>
        {!erased && (
          <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)}>
            Erase…
          </Button>
        )}
      </Group>
      {erased && (
        <Text size="sm" c="dimmed" role="status">
          This person’s data was erased.
        </Text>
      )}
      {exportData.isError && <ErrorNotice error={exportData.error} />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Erase this person’s data">
        <form
          aria-label="Erase this person"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) erase.mutate();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Their name, number, email, notes, call transcripts and summaries, the address of their property,
              their messages and what webhooks were sent about them are removed for good, from this lead and
              the leads merged with it. The records stay, empty, so your counts do not change. This cannot be
              undone.
            </Text>
            <TextInput
              label={`Type their number (${formatPhone(lead.phone)}) to confirm`}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            {erase.isError && <ErrorNotice error={erase.error} />}
            <Group>
              <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>
                Erase for good
              </Button>
              <Button variant="subtle" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
