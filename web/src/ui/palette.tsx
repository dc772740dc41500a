import { Modal, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api';
import { formatDateTime, formatPhone } from '../format';
import { useTimeZone } from '../session';
import { searchQuery } from './lead-picker';

interface Hit {
  href: string;
  label: string;
  hint: string;
}

/**
 * One search (the API's q) over leads, calls and opportunities: a name, any part of a number in
 * any form, a street or a postcode finds the records it belongs to.
 */
async function find(text: string, zone: string): Promise<Hit[]> {
  const query = searchQuery(text);
  if (query === null) return [];
  const [leads, calls, opportunities] = await Promise.all([
    api.leads.list({ ...query, limit: 8 }),
    api.calls.list({ ...query, expand: 'lead', limit: 5 }),
    api.opportunities.list({ ...query, limit: 8 }),
  ]);
  return [
    ...leads.data.map((l) => ({
      href: `/leads/${l.id}`,
      label: l.name,
      hint: `Lead, ${formatPhone(l.phone)}`,
    })),
    ...calls.data.map((c) => ({
      href: `/calls/${c.id}`,
      label: c.lead?.name ? `${c.lead.name}, ${formatPhone(c.from)}` : formatPhone(c.from),
      hint: `Call, ${formatDateTime(c.started_at, zone)}`,
    })),
    ...opportunities.data.map((o) => ({
      href: o.call_id ? `/calls/${o.call_id}` : `/opportunities?focus=${o.id}`,
      label: [o.address, o.postcode].filter(Boolean).join(', ') || 'Address not given',
      hint: `Opportunity, ${o.outcome} ${o.score}`,
    })),
  ];
}

/** Ctrl-K (Cmd-K): jump to any lead, call or opportunity by name, number, street or postcode. */
export function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [, navigate] = useLocation();
  const zone = useTimeZone();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, 200);
  const [active, setActive] = useState(0);
  const hits = useQuery({
    queryKey: ['palette', typed],
    queryFn: () => find(typed, zone),
    enabled: typed.trim() !== '',
  });
  const list = hits.data ?? [];
  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    onClose();
    setText('');
    navigate(hit.href);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Find a lead, call or opportunity" size="lg">
      <Stack gap="xs">
        <TextInput
          aria-label="Name, number, street or postcode"
          placeholder="Name, number, street or postcode"
          data-autofocus
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, list.length - 1));
            else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
            else if (e.key === 'Enter') go(list[active]);
            else return;
            e.preventDefault();
          }}
        />
        <Stack gap={0} role="listbox" aria-label="Results">
          {list.map((hit, i) => (
            <NavLink
              key={hit.href + hit.hint}
              role="option"
              aria-selected={i === active}
              active={i === active}
              label={hit.label}
              description={hit.hint}
              onClick={() => go(hit)}
            />
          ))}
          {typed.trim() !== '' && hits.isSuccess && list.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing found.
            </Text>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
