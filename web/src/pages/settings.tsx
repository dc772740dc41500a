import { Stack, Tabs, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { useCan } from '../session';
import { ApiKeysSettings } from './settings-keys';
import { NotificationSettingsPanel } from './settings-notifications';
import { PhoneNumberSettings } from './settings-numbers';
import { PrivacySettings } from './settings-privacy';
import { TeamSettings } from './settings-team';
import { WebhookSettings } from './settings-webhooks';
import { WorkspaceSettings } from './settings-workspace';

export function SettingsPage({ section }: { section: string }) {
  const can = useCan();
  const [, navigate] = useLocation();
  const tabs = [
    { id: 'team', label: 'Team', show: true },
    { id: 'api-keys', label: 'API keys', show: can.manage },
    { id: 'webhooks', label: 'Webhooks', show: can.manage },
    { id: 'phone-numbers', label: 'Phone numbers', show: can.manage },
    { id: 'notifications', label: 'Notifications', show: true },
    { id: 'privacy', label: 'Privacy', show: can.manage },
    { id: 'workspace', label: 'Workspace', show: true },
  ].filter((t) => t.show);
  const current = tabs.some((t) => t.id === section) ? section : 'team';
  return (
    <Stack>
      <Title order={1} size="h2">
        Settings
      </Title>
      <Tabs value={current} onChange={(v) => v && navigate(`/settings/${v}`)}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current} pt="md">
          {current === 'team' && <TeamSettings />}
          {current === 'api-keys' && <ApiKeysSettings />}
          {current === 'webhooks' && <WebhookSettings />}
          {current === 'phone-numbers' && <PhoneNumberSettings />}
          {current === 'notifications' && <NotificationSettingsPanel />}
          {current === 'privacy' && <PrivacySettings />}
          {current === 'workspace' && <WorkspaceSettings />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
