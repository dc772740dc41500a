import { Modal, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api';
import { formatPhone } from '../format';
import { leadSearch } from './lead-picker';

interface Hit {
  href: string;
  label: string;
  hint: string;
}

const POSTCODE_START = /^[A-Za-z]{1,2}\d[A-Za-z\d]?( ?\d[A-Za-z]{0,2})?$/;

/** Finds leads by name or number, their calls by number, and opportunities by postcode. */
async function find(text: string): Promise<Hit[]> {
  const query = leadSearch(text);
  if (query === null) return [];
  const [leads, calls, opportunities] = await Promise.all([
    api.leads.list({ ...query, limit: 8 }),
    'phone' in query ? api.calls.list({ from: query.phone, limit: 5 }) : Promise.resolve({ data: [] }),
    POSTCODE_START.test(text.trim())
      ? api.opportunities.list({ postcode: text.trim(), limit: 8 })
      : Promise.resolve({ data: [] }),
  ]);
  return [
    ...leads.data.map((l) => ({
      href: `/leads/${l.id}`,
      label: l.name,
      hint: `Lead, ${formatPhone(l.phone)}`,
    })),
    ...calls.data.map((c) => ({
      href: `/calls/${c.id}`,
      label: formatPhone(c.from),
      hint: `Call, ${c.status}`,
    })),
    ...opportunities.data.map((o) => ({
      href: o.call_id ? `/calls/${o.call_id}` : `/opportunities?focus=${o.id}`,
      label: o.address ?? 'Address not given',
      hint: `Opportunity, ${o.postcode ?? ''}, ${o.outcome} ${o.score}`,
    })),
  ];
}

/** Ctrl-K (Cmd-K): jump to any lead, call or opportunity by name, number or postcode. */
export function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, 200);
  const [active, setActive] = useState(0);
  const hits = useQuery({
    queryKey: ['palette', typed],
    queryFn: () => find(typed),
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
          aria-label="Name, number or postcode"
          placeholder="Name, number or postcode"
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
