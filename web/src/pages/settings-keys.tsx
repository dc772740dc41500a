import type { Scope } from '@callagent/sdk';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { useMembers } from '../hooks';
import { useTimeZone } from '../session';
import { Empty, ErrorNotice, Loading } from '../ui/feedback';
import { ScrollTable } from '../ui/scroll-table';
import { ShownOnce } from '../ui/secret';

const SCOPES: Scope[] = [
  'calls:read',
  'opportunities:read',
  'opportunities:write',
  'leads:read',
  'leads:write',
  'agent:read',
  'agent:write',
  'webhooks:manage',
  'privacy:manage',
];

export function ApiKeysSettings() {
  const zone = useTimeZone();
  const members = useMembers();
  const queries = useQueryClient();
  const [scopes, setScopes] = useState<string[]>(['calls:read', 'leads:read', 'opportunities:read']);
  const [secret, setSecret] = useState<string | null>(null);
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => api.apiKeys.list({ limit: 100 }) });
  const done = () => queries.invalidateQueries({ queryKey: ['api-keys'] });
  const create = useMutation({
    mutationFn: (name: string) => api.apiKeys.create({ name, scopes: scopes as Scope[] }),
    onSuccess: (k) => {
      setSecret(k.key);
      void done();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => api.apiKeys.revoke(id), onSuccess: done });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Keys are for servers (a CRM sync, a reporting job). Never put one in a browser or an app.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(String(new FormData(e.currentTarget).get('name')));
          e.currentTarget.reset();
        }}
      >
        <Stack gap="xs">
          <TextInput name="name" label="Key name" placeholder="CRM sync" required maxLength={100} w={300} />
          <Checkbox.Group label="Scopes" value={scopes} onChange={setScopes}>
            <Group gap="md" mt={4}>
              {SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={s} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending} disabled={scopes.length === 0}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
      {create.isError && <ErrorNotice error={create.error} />}
      {secret && <ShownOnce label="API key" value={secret} onDone={() => setSecret(null)} />}
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <ErrorNotice error={keys.error} />
      ) : keys.data.data.length === 0 ? (
        <Empty title="No API keys">Create one for each system that reads or writes the desk’s records.</Empty>
      ) : (
        <ScrollTable minWidth={700} label="API keys">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Made by</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.data.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <code>{k.prefix}…</code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{k.scopes.join(' ')}</Text>
                  </Table.Td>
                  <Table.Td>{members.nameOf(k.created_by)}</Table.Td>
                  <Table.Td className="nowrap">
                    {k.last_used_at ? formatDateTime(k.last_used_at, zone) : 'never'}
                  </Table.Td>
                  <Table.Td>
                    {k.revoked_at ? (
                      `revoked ${formatDateTime(k.revoked_at, zone)}`
                    ) : (
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="light"
                        onClick={() => revoke.mutate(k.id)}
                        aria-label={`Revoke ${k.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {revoke.isError && <ErrorNotice error={revoke.error} />}
    </Stack>
  );
}
