import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { NameForm } from '../pages/account';
import { useSession } from '../session';

/**
 * The first owner is named after their email by the service ("owner"); at their first sign-in
 * they are asked for the name the team will see. "Later" puts it off until the console is next opened.
 */
export function NamePrompt() {
  const { ping } = useSession();
  const [later, setLater] = useState(false);
  return (
    <Modal
      opened={ping.user.needs_name && !later}
      onClose={() => setLater(true)}
      title="What should the team call you?"
    >
      <Stack>
        <Text size="sm">
          You are shown as “{ping.user.name}”, from your email. Your name appears on the deals, notes and
          bookings you own; you can change it any time under Your account.
        </Text>
        <NameForm onSaved={() => setLater(true)} onLater={() => setLater(true)} />
      </Stack>
    </Modal>
  );
}
