import type { Ping } from '@callagent/sdk';
import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { api } from '../api';
import { ErrorNotice } from '../ui/feedback';

/** The invitation link: a new person names themselves and sets a password; a signed-in one joins. */
export function AcceptInvitationPage({
  signedIn,
  onJoined,
}: {
  signedIn: Ping | null;
  onJoined: (p: Ping) => void;
}) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const accept = async (body: { token: string; name?: string; password?: string }) => {
    setBusy(true);
    setError(null);
    try {
      onJoined(await api.invitations.accept(body));
      navigate('/', { replace: true });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" w={420} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            Join the workspace
          </Title>
          {token === '' ? (
            <Text>This link has no invitation in it. Ask for a new one.</Text>
          ) : signedIn ? (
            <>
              <Text>You are signed in as {signedIn.user.email}. Join with this account?</Text>
              <Button loading={busy} onClick={() => accept({ token })}>
                Join
              </Button>
            </>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const form = new FormData(event.currentTarget);
                void accept({
                  token,
                  name: String(form.get('name')),
                  password: String(form.get('password')),
                });
              }}
            >
              <Stack>
                <TextInput name="name" label="Your name" autoComplete="name" required />
                <PasswordInput
                  name="password"
                  label="Choose a password"
                  description="At least 12 characters"
                  autoComplete="new-password"
                  minLength={12}
                  required
                />
                <Button type="submit" loading={busy}>
                  Create my account and join
                </Button>
              </Stack>
            </form>
          )}
          {error !== null && <ErrorNotice error={error} />}
        </Stack>
      </Paper>
    </Center>
  );
}
