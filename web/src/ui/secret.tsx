import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { copyText } from '../hooks';

/** A secret the API shows once: copy it now, it is not kept in the page after this. */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert color="yellow" title={`${label}: shown once`} role="status">
      <Stack gap="xs">
        <Text size="sm">Copy it now. It cannot be shown again.</Text>
        <Code block data-testid="secret" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {value}
        </Code>
        <Group>
          <Button
            size="xs"
            onClick={async () => {
              await copyText(value);
              setCopied(true);
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
