import type { AcceptInvitationParams, InvitationPreview, Ping } from '@callagent/sdk';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { api, isApiError } from '../api';
import { ErrorNotice, Loading } from '../ui/feedback';

const NEEDS_OPERATOR =
  'New accounts by invitation need a workspace set up by the operator of this service, until email addresses are verified.';

/** Sign in as the invited email's account and join, in one step. */
function ExistingAccountForm({ email, busy, onAccept }: FormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAccept({ password: String(new FormData(event.currentTarget).get('password')) });
      }}
    >
      <Stack>
        <TextInput label="Email" value={email} readOnly autoComplete="username" />
        <PasswordInput name="password" label="Your password" autoComplete="current-password" required />
        <Button type="submit" loading={busy}>
          Sign in and join
        </Button>
      </Stack>
    </form>
  );
}

function NewAccountForm({ busy, onAccept }: FormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        onAccept({ name: String(form.get('name')), password: String(form.get('password')) });
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
  );
}

interface FormProps {
  email: string;
  busy: boolean;
  onAccept: (body: Omit<AcceptInvitationParams, 'token'>) => void;
}

/**
 * The invitation link. Only the account of the invited email may accept: signed in as it (one
 * click), or with its password; a new account only where the operator set the workspace up.
 */
export function AcceptInvitationPage({
  signedIn,
  onJoined,
  onSignedOut,
}: {
  signedIn: Ping | null | undefined;
  onJoined: (p: Ping) => void;
  onSignedOut: () => void;
}) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [haveAccount, setHaveAccount] = useState<boolean | null>(null);
  // Read outside the query cache: the app clears that cache when it learns nobody is signed in.
  const [invitation, setInvitation] = useState<{ found: InvitationPreview } | { error: unknown } | null>(
    null,
  );
  useEffect(() => {
    if (token === '') return;
    api.invitations.preview(token).then(
      (found) => setInvitation({ found }),
      (e: unknown) => setInvitation({ error: e }),
    );
  }, [token]);
  const accept = async (body: Omit<AcceptInvitationParams, 'token'>) => {
    setBusy(true);
    setError(null);
    try {
      onJoined(await api.invitations.accept({ token, ...body }));
      navigate('/', { replace: true });
    } catch (e) {
      // A new account for an email that has one: the answer says to use that account.
      if (isApiError(e, 'forbidden')) setHaveAccount(true);
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const signOut = async () => {
    await api.auth.signOut();
    onSignedOut();
  };
  const body = (found: InvitationPreview) => {
    const intro = (
      <Text>
        {found.workspace_name} invites {found.email} as {found.role === 'admin' ? 'an' : 'a'} {found.role}.
      </Text>
    );
    if (signedIn === undefined) return <Loading />;
    if (signedIn) {
      const same = signedIn.user.email.toLowerCase() === found.email.toLowerCase();
      return same ? (
        <>
          {intro}
          <Text>You are signed in as {signedIn.user.email}. Join with this account?</Text>
          <Button loading={busy} onClick={() => accept({})}>
            Join
          </Button>
        </>
      ) : (
        <>
          {intro}
          <Text>
            You are signed in as {signedIn.user.email}. Only the account of {found.email} can accept this
            invitation: sign out, then accept it as that account.
          </Text>
          <Button variant="light" onClick={signOut}>
            Sign out
          </Button>
        </>
      );
    }
    const existing = haveAccount ?? !found.new_accounts;
    const props = { email: found.email, busy, onAccept: accept };
    return (
      <>
        {intro}
        {existing ? <ExistingAccountForm {...props} /> : <NewAccountForm {...props} />}
        {found.new_accounts ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setHaveAccount(!existing)}>
            {existing ? 'I am new here' : `I already have an account for ${found.email}`}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {NEEDS_OPERATOR} Accept with your account for {found.email}.
          </Text>
        )}
      </>
    );
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
          ) : invitation === null ? (
            <Loading />
          ) : 'error' in invitation ? (
            <ErrorNotice error={invitation.error} />
          ) : (
            body(invitation.found)
          )}
          {error !== null &&
            (isApiError(error, 'forbidden') ? (
              <Alert color="blue" role="status">
                {error.message}
              </Alert>
            ) : (
              <ErrorNotice error={error} />
            ))}
        </Stack>
      </Paper>
    </Center>
  );
}
