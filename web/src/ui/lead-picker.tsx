import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatPhone } from '../format';

/** Digits and phone punctuation read as a number; anything else as part of a name. */
export function leadSearch(text: string): { phone: string } | { q: string } | null {
  const t = text.trim();
  if (t === '') return null;
  return /^[+\d\s()-]{6,}$/.test(t) ? { phone: t } : { q: t.slice(0, 100) };
}

/** Picks a lead by typing part of its name or its number. */
export function LeadPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 200);
  const query = leadSearch(typed);
  const leads = useQuery({
    queryKey: ['leads', 'pick', query],
    queryFn: () => api.leads.list({ ...query, limit: 20 }),
    enabled: query !== null,
  });
  const data = (leads.data?.data ?? []).map((l) => ({
    value: l.id,
    label: `${l.name}, ${formatPhone(l.phone)}`,
  }));
  return (
    <Select
      label="Lead"
      placeholder="Type a name or number"
      searchable
      required
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query === null ? 'Type to search' : 'No lead matches'}
    />
  );
}
