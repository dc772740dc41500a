import type { NextAction, Opportunity, OpportunityStage, Pipeline } from '@callagent/sdk';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { formatDateTime, formatPhone } from '../format';
import { useMembers } from '../hooks';
import { useTimeZone } from '../session';

export const STAGE_KEYS: OpportunityStage[] = [
  'new',
  'contacted',
  'appointment_set',
  'offer_made',
  'under_offer',
  'completed',
  'dead',
];
const DEFAULT_PIPELINE: Pipeline = {
  stages: STAGE_KEYS.map((key) => ({
    key,
    name: {
      new: 'New',
      contacted: 'Contacted',
      appointment_set: 'Appointment set',
      offer_made: 'Offer made',
      under_offer: 'Under offer',
      completed: 'Completed',
      dead: 'Dead',
    }[key],
  })),
  follow_up: { hot_minutes: 60, warm_minutes: 1440 },
};

/** The workspace's stages, named and in board order. */
export function usePipeline() {
  const query = useQuery({
    queryKey: ['pipeline'],
    queryFn: () => api.opportunities.pipeline(),
    staleTime: 60_000,
  });
  const pipeline = query.data ?? DEFAULT_PIPELINE;
  const names = new Map(pipeline.stages.map((s) => [s.key, s.name]));
  return {
    stages: pipeline.stages,
    nameOf: (key: OpportunityStage) => names.get(key) ?? key,
    options: pipeline.stages.map((s) => ({ value: s.key, label: s.name })),
  };
}

/** Who a booking or a lead is about: the lead's name and phone, and the street of its newest deal. */
export interface SellerCard {
  name: string;
  phone: string | null;
  address: string | null;
  postcode: string | null;
}

async function loadSeller(leadId: string): Promise<SellerCard> {
  const [lead, deals] = await Promise.all([
    api.leads.get(leadId),
    api.opportunities.list({ lead_id: leadId, limit: 1 }),
  ]);
  const deal = deals.data[0];
  return {
    name: lead.name,
    phone: lead.phone,
    address: deal?.address ?? null,
    postcode: deal?.postcode ?? null,
  };
}

/** The sellers of several leads at once, each fetched once and shared between screens. */
export function useSellers(leadIds: readonly string[]): (leadId: string) => SellerCard | undefined {
  const ids = [...new Set(leadIds)];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['seller', id],
      queryFn: () => loadSeller(id),
      staleTime: 60_000,
    })),
  });
  const byId = new Map(ids.map((id, i) => [id, results[i]?.data]));
  return (leadId) => byId.get(leadId);
}

export function sellerOfDeal(o: Opportunity): SellerCard {
  return {
    name: o.seller?.name ?? '',
    phone: o.seller?.phone ?? null,
    address: o.address,
    postcode: o.postcode,
  };
}

/** A phone number a click rings (tel:), shown as people write it. */
export function PhoneLink({ phone, size = 'sm' }: { phone: string; size?: 'xs' | 'sm' }) {
  return (
    <Anchor href={`tel:${phone}`} size={size} className="nowrap" onClick={(e) => e.stopPropagation()}>
      {formatPhone(phone)}
    </Anchor>
  );
}

/** Name, phone and street of the seller, in one or two lines. */
export function SellerLine({ seller, size = 'sm' }: { seller: SellerCard | undefined; size?: 'xs' | 'sm' }) {
  if (!seller) return null;
  const street = [seller.address, seller.postcode].filter(Boolean).join(', ');
  return (
    <div data-testid="seller">
      <Group gap={6} wrap="wrap">
        <Text size={size} fw={600}>
          {seller.name || 'Name not given'}
        </Text>
        {seller.phone && <PhoneLink phone={seller.phone} size={size} />}
      </Group>
      {street && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {street}
        </Text>
      )}
    </div>
  );
}

export const isOverdue = (a: NextAction, now = Date.now()) => Date.parse(a.due_at) < now;

/** "Call the seller back · Tue 24 Nov, 12:00 · Sam" with an Overdue mark when it is. */
export function NextActionLine({ action, size = 'xs' }: { action: NextAction | null; size?: 'xs' | 'sm' }) {
  const zone = useTimeZone();
  const members = useMembers();
  if (action === null)
    return (
      <Text size={size} c="dimmed">
        No next action
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap" data-testid="next-action">
      {isOverdue(action) && (
        <Badge color="red" size="xs" variant="light">
          Overdue
        </Badge>
      )}
      <Text size={size}>
        {action.what} · {formatDateTime(action.due_at, zone)} ·{' '}
        {action.owner_id === null ? 'Anyone' : members.nameOf(action.owner_id)}
      </Text>
    </Group>
  );
}
