import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { ErrorNotice } from '../ui/feedback';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" w={380} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

const backToSignIn = (
  <Anchor component={Link} href="/" size="sm">
    Back to sign in
  </Anchor>
);

/** Asks for a reset link by email; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo !== null) {
    return (
      <Card title="Check your email">
        <Text size="sm" role="status">
          If {sentTo} has an account, a link to choose a new password is on its way. It works once, for 30
          minutes.
        </Text>
        {backToSignIn}
      </Card>
    );
  }
  return (
    <Card title="Forgot your password?">
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const email = String(new FormData(event.currentTarget).get('email')).trim();
          setBusy(true);
          setError(null);
          try {
            await api.auth.requestPasswordReset({ email });
            setSentTo(email);
          } catch (e) {
            setError(e);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <Text size="sm">We will email you a link to choose a new one.</Text>
          <TextInput name="email" type="email" label="Email" autoComplete="username" required autoFocus />
          {error !== null && <ErrorNotice error={error} />}
          <Button type="submit" loading={busy}>
            Email me a link
          </Button>
          {backToSignIn}
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The page a reset email links to. The token comes in the address's fragment, which browsers
 * never send to the server, so it stays out of every log on the way.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const [error, setError] = useState<unknown>(null);
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <Card title="Password changed">
        <Text size="sm" role="status">
          Sign in with your new password. Everywhere you were signed in has been signed out.
        </Text>
        <Button component="a" href="/">
          Sign in
        </Button>
      </Card>
    );
  }
  if (token === '') {
    return (
      <Card title="This link is not complete">
        <Text size="sm">Open the link from the email again, or ask for a new one.</Text>
        <Anchor component={Link} href="/forgot-password" size="sm">
          Ask for a new link
        </Anchor>
      </Card>
    );
  }
  return (
    <Card title="Choose a new password">
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const password = String(form.get('password'));
          setMismatch(password !== String(form.get('repeat')));
          if (password !== String(form.get('repeat'))) return;
          setBusy(true);
          setError(null);
          try {
            await api.auth.resetPassword({ token, password });
            // The token is spent: keep it out of the history as well.
            window.history.replaceState(null, '', '/reset-password');
            setDone(true);
          } catch (e) {
            setError(e);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <PasswordInput
            name="password"
            label="New password"
            description="At least 12 characters."
            autoComplete="new-password"
            minLength={12}
            required
            autoFocus
          />
          <PasswordInput
            name="repeat"
            label="The same again"
            autoComplete="new-password"
            required
            error={mismatch ? 'The two passwords differ.' : undefined}
          />
          {error !== null && <ErrorNotice error={error} />}
          <Button type="submit" loading={busy}>
            Set password
          </Button>
          <Anchor component={Link} href="/forgot-password" size="sm">
            Ask for a new link
          </Anchor>
        </Stack>
      </form>
    </Card>
  );
}
