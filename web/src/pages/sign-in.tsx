import type { Ping } from '@callagent/sdk';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { ErrorNotice } from '../ui/feedback';

export function SignInPage({ onSignedIn }: { onSignedIn: (ping: Ping) => void }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" w={380} maw="100%">
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            setBusy(true);
            setError(null);
            try {
              onSignedIn(
                await api.auth.signIn({
                  email: String(form.get('email')),
                  password: String(form.get('password')),
                }),
              );
            } catch (e) {
              setError(e);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack>
            <Title order={1} size="h3">
              Sign in to the desk
            </Title>
            <TextInput name="email" type="email" label="Email" autoComplete="username" required autoFocus />
            <PasswordInput name="password" label="Password" autoComplete="current-password" required />
            {error !== null && <ErrorNotice error={error} />}
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
            <Anchor component={Link} href="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
            <Text size="xs" c="dimmed">
              New here? Ask an admin of your workspace for an invitation link.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
