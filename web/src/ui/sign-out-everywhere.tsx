import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSession } from '../session';
import { ErrorNotice } from './feedback';

/**
 * The account menu's "Sign out everywhere", asked once more first: it ends every session of the
 * user, on every device and in every workspace, this one included (docs/api.md, "Browsers").
 */
export function SignOutEverywhere({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { signedOut } = useSession();
  const end = useMutation({ mutationFn: () => api.auth.signOutEverywhere(), onSuccess: signedOut });
  return (
    <Modal opened={opened} onClose={onClose} title="Sign out everywhere?">
      <Stack>
        <Text size="sm">
          Every session of yours ends: on every device and browser, in every workspace, this one included.
          Open pages stop updating and ask you to sign in again. API keys keep working.
        </Text>
        {end.isError && <ErrorNotice error={end.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => end.mutate()} loading={end.isPending}>
            Sign out everywhere
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
