import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '../api';

/** An error as the API gave it, with its request id (quote it to support) and a retry. */
export function ErrorNotice({ error, retry }: { error: unknown; retry?: () => void }) {
  const title = isApiError(error, 'forbidden', 'insufficient_scope')
    ? 'Your role does not allow this'
    : isApiError(error, 'not_found')
      ? 'Not found'
      : 'Something went wrong';
  const message = error instanceof Error ? error.message : String(error);
  const requestId = isApiError(error) ? error.requestId : null;
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        {isApiError(error, 'validation_failed') &&
          error.details.map((d) => (
            <Text size="sm" key={d.path}>
              {d.path}: {d.message}
            </Text>
          ))}
        {requestId && (
          <Text size="xs" c="dimmed">
            Request id: <code>{requestId}</code>
          </Text>
        )}
        {retry && (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={retry}>
              Try again
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader size="sm" aria-hidden />
    </Center>
  );
}

/** An empty state that says what to do next. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" c="dimmed">
      <Text fw={600}>{title}</Text>
      {children && (
        <Text size="sm" ta="center" maw={460}>
          {children}
        </Text>
      )}
    </Stack>
  );
}
