import { Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, isApiError } from '../api';
import { useSession } from '../session';
import { ErrorNotice } from '../ui/feedback';

/** The API's message for one field of a refused form, or undefined. */
function fieldError(error: unknown, path: string): string | undefined {
  if (!isApiError(error, 'validation_failed')) return undefined;
  const found = error.details.find((d) => d.path === path);
  return found ? `This ${found.message}` : undefined;
}

/** `onSaved`/`onLater`: shown in the first owner's prompt, which closes after either. */
export function NameForm({ onSaved, onLater }: { onSaved?: () => void; onLater?: () => void }) {
  const { ping, refresh } = useSession();
  const [name, setName] = useState(ping.user.needs_name ? '' : ping.user.name);
  const save = useMutation({
    mutationFn: () => api.account.update({ name }),
    onSuccess: async () => {
      await refresh();
      onSaved?.();
    },
  });
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Your name"
          description="How the team sees you in every workspace: owners of deals, notes, bookings."
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError(save.error, 'name') && 'Give a name of 1 to 100 characters.'}
          required
          maxLength={100}
          autoComplete="name"
          data-autofocus
        />
        {save.isError && !isApiError(save.error, 'validation_failed') && <ErrorNotice error={save.error} />}
        {save.isSuccess && !onSaved && (
          <Text size="sm" role="status">
            Saved.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save name
          </Button>
          {onLater && (
            <Button variant="default" onClick={onLater}>
              Later
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const { refresh } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: () => api.account.changePassword({ current_password: current, new_password: next }),
    onSuccess: async () => {
      setCurrent('');
      setNext('');
      setAgain('');
      await refresh();
    },
  });
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        setMismatch(next !== again);
        if (next === again) change.mutate();
      }}
    >
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={fieldError(change.error, 'current_password')}
          required
        />
        <PasswordInput
          label="New password"
          description="At least 12 characters."
          name="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={fieldError(change.error, 'new_password')}
          required
          minLength={12}
        />
        <PasswordInput
          label="New password again"
          name="new-password-again"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value)}
          error={mismatch ? 'The two new passwords differ.' : undefined}
          required
        />
        {change.isError && !isApiError(change.error, 'validation_failed') && (
          <ErrorNotice error={change.error} />
        )}
        {change.isSuccess && (
          <Text size="sm" role="status">
            Password changed. Every other session of yours has been signed out; this one goes on.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Your account: your name and your password, the same in every workspace you belong to. */
export function AccountPage() {
  const { ping } = useSession();
  return (
    <Stack maw={480}>
      <Title order={1} size="h2">
        Your account
      </Title>
      <Text size="sm" c="dimmed">
        Signed in as {ping.user.email}, {ping.user.role} of {ping.workspace.name}.
      </Text>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Name
        </Title>
        <NameForm />
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Password
        </Title>
        <PasswordForm />
      </Card>
    </Stack>
  );
}
