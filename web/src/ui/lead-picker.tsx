import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatPhone } from '../format';

/** The API's search (q): a name, any part of a number in any form, a street or a postcode. */
export const SEARCH_MAX = 200;

/** The search a box's text asks for, or null when it is blank. */
export function searchQuery(text: string): { q: string } | null {
  const t = text.trim();
  return t === '' ? null : { q: t.slice(0, SEARCH_MAX) };
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
  const query = searchQuery(typed);
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
