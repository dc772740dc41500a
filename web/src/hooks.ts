import type { Member } from '@callagent/sdk';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Members of the workspace by id, for owner, author and assignee names. */
export function useMembers() {
  const query = useQuery({
    queryKey: ['members'],
    queryFn: () => api.members.list({ limit: 200 }),
    staleTime: 60_000,
  });
  const list: Member[] = query.data?.data ?? [];
  const byId = new Map(list.map((m) => [m.id, m]));
  return {
    list,
    nameOf: (id: string | null) => (id === null ? 'Unassigned' : (byId.get(id)?.name ?? 'Former member')),
    options: list.map((m) => ({ value: m.id, label: m.name })),
  };
}

/** Copies text and says so for screen readers too. */
export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

/** Saves text as a file the browser downloads (CSV exports). */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
