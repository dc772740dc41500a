import type { Lead, Opportunity } from '@callagent/sdk';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api';
import { formatMoney } from '../format';
import { useCan } from '../session';
import { ErrorNotice } from '../ui/feedback';
import { LeadPicker } from '../ui/lead-picker';

/**
 * "Merge into…": the desk puts a duplicate onto the record it picks. Nothing is lost: the
 * history of both ends up on the one picked, and this one stays, marked merged (docs/console.md).
 */
function MergeForm({
  what,
  explain,
  picker,
  into,
  merge,
}: {
  what: string;
  explain: string;
  picker: ReactNode;
  into: string | null;
  merge: { mutate: () => void; isPending: boolean; error: Error | null };
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Group>
        <Button size="xs" variant="default" onClick={() => setOpen(true)}>
          Merge into another {what}…
        </Button>
      </Group>
    );
  }
  return (
    <form
      aria-label={`Merge this ${what}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (into) merge.mutate();
      }}
    >
      <Stack gap="xs">
        {picker}
        <Text size="xs" c="dimmed">
          {explain}
        </Text>
        <Group>
          <Button type="submit" size="xs" color="red" disabled={!into} loading={merge.isPending}>
            Merge
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setOpen(false)}>
            Keep apart
          </Button>
        </Group>
        {merge.error && <ErrorNotice error={merge.error} />}
      </Stack>
    </form>
  );
}

/** On the lead page: merge this lead into another, then go to the one kept. */
export function MergeLead({ lead }: { lead: Lead }) {
  const can = useCan();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const [into, setInto] = useState<string | null>(null);
  const merge = useMutation({
    mutationFn: () => api.leads.merge(lead.id, { into: into ?? '' }),
    onSuccess: (survivor) => {
      void queries.invalidateQueries({ queryKey: ['lead'] });
      void queries.invalidateQueries({ queryKey: ['leads'] });
      navigate(`/leads/${survivor.id}`);
    },
  });
  if (!can.workDesk || lead.merged_into !== null) return null;
  return (
    <MergeForm
      what="lead"
      explain="This lead's calls, deals and bookings move to the lead you pick, which keeps its own number; this one is kept, marked merged."
      picker={<LeadPicker value={into === lead.id ? null : into} onChange={setInto} />}
      into={into === lead.id ? null : into}
      merge={merge}
    />
  );
}

function dealLabel(o: Opportunity): string {
  const place = o.address ?? o.postcode ?? 'No address';
  const price = o.facts.asking_price === null ? '' : `, ${formatMoney(o.facts.asking_price)}`;
  return `${place}${price} (${o.outcome} ${o.score})`;
}

/** In the deal drawer: merge this deal into another of the board, its seller's first. */
export function MergeOpportunity({ opportunity }: { opportunity: Opportunity }) {
  const can = useCan();
  const queries = useQueryClient();
  const [into, setInto] = useState<string | null>(null);
  const others = useQuery({
    queryKey: ['opportunities', 'merge-candidates', opportunity.id],
    queryFn: () => api.opportunities.list({ limit: 100 }),
    enabled: can.workDesk,
  });
  const merge = useMutation({
    mutationFn: () => api.opportunities.merge(opportunity.id, { into: into ?? '' }),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['opportunities'] });
      void queries.invalidateQueries({ queryKey: ['opportunity'] });
      void queries.invalidateQueries({ queryKey: ['lead'] });
    },
  });
  if (!can.workDesk || opportunity.merged_into !== null) return null;
  const candidates = (others.data?.data ?? [])
    .filter((o) => o.id !== opportunity.id)
    .sort((a, b) => Number(b.lead_id === opportunity.lead_id) - Number(a.lead_id === opportunity.lead_id));
  return (
    <MergeForm
      what="deal"
      explain="This deal's calls and notes move to the deal you pick, which keeps its facts and owner; this one is kept, marked merged."
      picker={
        <Select
          label="Deal to keep"
          placeholder="Pick a deal"
          searchable
          data={candidates.map((o) => ({ value: o.id, label: dealLabel(o) }))}
          value={into}
          onChange={setInto}
          nothingFoundMessage="No other deal"
        />
      }
      into={into}
      merge={merge}
    />
  );
}
