import type { InvitableRole, Role } from '@callagent/sdk';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { copyText, useMembers } from '../hooks';
import { useCan, useSession, useTimeZone } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';
import { ScrollTable } from '../ui/scroll-table';

const GRANTABLE: InvitableRole[] = ['admin', 'member', 'viewer'];

/** Until email addresses are verified, only the operator's workspaces may make accounts by invitation. */
function WhoCanAccept() {
  const { ping } = useSession();
  return (
    <Text size="sm" c="dimmed">
      {ping.workspace.operator_managed
        ? 'The operator of this service set this workspace up, so the link lets someone without an account create one (new accounts by invitation need such a workspace, until email addresses are verified). Someone with an account accepts as that account.'
        : 'Only someone who already has an account for the invited email can accept: new accounts by invitation need a workspace set up by the operator of this service, until email addresses are verified.'}
    </Text>
  );
}

function Invitations() {
  const zone = useTimeZone();
  const queries = useQueryClient();
  const [link, setLink] = useState<string | null>(null);
  const [emailed, setEmailed] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['invitations'], queryFn: () => api.invitations.list({ limit: 100 }) });
  const invite = useMutation({
    mutationFn: (body: { email: string; role: InvitableRole }) => api.invitations.create(body),
    onSuccess: (created) => {
      setLink(`${window.location.origin}/invitations/accept?token=${encodeURIComponent(created.token)}`);
      setEmailed(created.email_queued ? created.email : null);
      void queries.invalidateQueries({ queryKey: ['invitations'] });
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => api.invitations.withdraw(id),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['invitations'] }),
  });
  return (
    <Stack>
      <Title order={2} size="h4">
        Invitations
      </Title>
      <WhoCanAccept />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          invite.mutate({
            email: String(form.get('email')),
            role: String(form.get('role')) as InvitableRole,
          });
        }}
      >
        <Group align="flex-end">
          <TextInput name="email" type="email" label="Email" required w={260} />
          <Select
            name="role"
            label="Role"
            data={GRANTABLE}
            defaultValue="member"
            allowDeselect={false}
            w={140}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </form>
      {invite.isError && <ErrorNotice error={invite.error} />}
      {link && (
        <Stack gap={4} role="status">
          <Text size="sm">
            {emailed
              ? `We are emailing the invitation to ${emailed}. The link, in case it does not arrive (shown once, valid for 7 days):`
              : 'Email is off on this service, so send this link to the invitee yourself (shown once, valid for 7 days):'}
          </Text>
          <Group wrap="nowrap">
            <TextInput
              readOnly
              value={link}
              aria-label="Invitation link"
              style={{ flex: 1 }}
              data-testid="invitation-link"
            />
            <Button size="xs" onClick={() => copyText(link)}>
              Copy
            </Button>
          </Group>
        </Stack>
      )}
      {list.isError && <ErrorNotice error={list.error} />}
      {list.data?.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No invitation pending.
        </Text>
      )}
      {list.data?.data.map((i) => (
        <Group key={i.id} justify="space-between">
          <Text size="sm">
            {i.email} as {i.role}, expires {formatDateTime(i.expires_at, zone)}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => withdraw.mutate(i.id)}>
            Withdraw
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

export function TeamSettings() {
  const { ping, refresh } = useSession();
  const can = useCan();
  const zone = useTimeZone();
  const members = useMembers();
  const queries = useQueryClient();
  const done = () => queries.invalidateQueries({ queryKey: ['members'] });
  const changeRole = useMutation({
    mutationFn: (v: { id: string; role: Role }) => api.members.update(v.id, { role: v.role }),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.members.remove(id), onSuccess: done });
  const transfer = useMutation({
    mutationFn: (id: string) => api.workspace.transferOwnership(id),
    onSuccess: async () => {
      await done();
      await refresh();
    },
  });
  const error = changeRole.error ?? remove.error ?? transfer.error;
  if (members.list.length === 0) return <Loading />;
  return (
    <Stack>
      <ScrollTable minWidth={600} label="Members" cards>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              {can.manage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.list.map((m) => {
              const editable = can.manage && m.role !== 'owner' && m.id !== ping.user.id;
              return (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{m.email}</Table.Td>
                  <Table.Td>
                    {editable ? (
                      <Select
                        size="xs"
                        aria-label={`Role of ${m.name}`}
                        data={GRANTABLE}
                        value={m.role}
                        allowDeselect={false}
                        onChange={(role) => role && changeRole.mutate({ id: m.id, role: role as Role })}
                        w={120}
                      />
                    ) : (
                      m.role
                    )}
                  </Table.Td>
                  <Table.Td className="nowrap">{formatDateTime(m.joined_at, zone)}</Table.Td>
                  {can.manage && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {editable && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => remove.mutate(m.id)}
                          >
                            Remove
                          </Button>
                        )}
                        {can.own && m.id !== ping.user.id && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() =>
                              window.confirm(`Make ${m.name} the owner? You become an admin.`) &&
                              transfer.mutate(m.id)
                            }
                          >
                            Make owner
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {error && <ErrorNotice error={error} />}
      {can.manage && <Invitations />}
    </Stack>
  );
}
