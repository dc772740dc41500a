import {
  AppShell,
  Avatar,
  Badge,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  Notification,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { api } from './api';
import { useCallsSeen } from './last-seen';
import { LiveProvider, useLive } from './live';
import { AccountPage } from './pages/account';
import { AgentPage } from './pages/agent';
import { CalendarPage } from './pages/calendar';
import { CallPage } from './pages/call';
import { CallsPage } from './pages/calls';
import { InsightsPage } from './pages/insights';
import { LeadPage } from './pages/lead';
import { LeadsPage } from './pages/leads';
import { OpportunitiesPage } from './pages/opportunities';
import { SettingsPage } from './pages/settings';
import { TodayPage } from './pages/today';
import { useCan, useSession } from './session';
import { useShortcuts } from './shortcuts';
import { NamePrompt } from './ui/name-prompt';
import { CommandPalette } from './ui/palette';
import { ShortcutsHelp } from './ui/shortcuts-help';
import { SignOutEverywhere } from './ui/sign-out-everywhere';

const NAV = [
  { href: '/', label: 'Today', need: null },
  { href: '/calls', label: 'Calls', need: null },
  { href: '/opportunities', label: 'Opportunities', need: null },
  { href: '/leads', label: 'Leads', need: null },
  { href: '/calendar', label: 'Calendar', need: null },
  { href: '/insights', label: 'Insights', need: null },
  { href: '/agent', label: 'Agent', need: 'readAgent' },
  { href: '/settings', label: 'Settings', need: null },
] as const;

function WorkspaceSwitcher() {
  const { ping, refresh } = useSession();
  const workspaces = useQuery({
    queryKey: ['workspaces'],
    queryFn: () => api.workspaces.list({ limit: 200 }),
  });
  const data = (workspaces.data?.data ?? [{ id: ping.workspace.id, name: ping.workspace.name }]).map((w) => ({
    value: w.id,
    label: w.name,
  }));
  return (
    <Select
      aria-label="Workspace"
      size="xs"
      w={{ base: 150, sm: 200 }}
      data={data}
      value={ping.workspace.id}
      allowDeselect={false}
      onChange={async (id) => {
        if (id && id !== ping.workspace.id) {
          await api.auth.switchWorkspace(id);
          await refresh();
        }
      }}
    />
  );
}

/** How many calls arrived since the user last looked at the calls list (live: new calls re-count). */
function NewCallsCount() {
  const [seen] = useCallsSeen();
  const since = seen === null ? null : new Date(Date.parse(seen) + 1); // `since` is inclusive
  const fresh = useQuery({
    queryKey: ['calls', 'since-seen', seen],
    queryFn: () => api.calls.list({ since: since ?? new Date(), limit: 100 }),
    enabled: since !== null,
  });
  const count = fresh.data?.data.length ?? 0;
  if (count === 0) return null;
  const shown = fresh.data?.next_cursor ? `${count}+` : String(count);
  return (
    <Badge size="sm" color="blue" variant="filled">
      {shown}
      <span className="visually-hidden"> new since your last visit</span>
    </Badge>
  );
}

/** Whether live updates flow: the page's event stream is subscribed. */
function LiveBadge() {
  const { connected } = useLive();
  return (
    <Badge color={connected ? 'green' : 'gray'} variant="dot" visibleFrom="xs" role="status">
      {connected ? 'Live' : 'Reconnecting'}
    </Badge>
  );
}

function HotToast() {
  const { hot } = useLive();
  const [seen, setSeen] = useState(0);
  const latest = hot[0];
  useEffect(() => {
    const browser = window.Notification;
    if (latest && browser && browser.permission === 'granted' && document.hidden) {
      new browser(`Hot: ${latest.address ?? 'new enquiry'}`, {
        body: `${latest.postcode ?? ''} score ${latest.score}`,
      });
    }
  }, [latest]);
  if (!latest || hot.length <= seen) return null;
  return (
    <Notification
      color="red"
      title="Hot enquiry"
      onClose={() => setSeen(hot.length)}
      style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 300, maxWidth: 360 }}
      role="status"
    >
      <Link href={`/opportunities?focus=${latest.id}`}>
        Hot: {latest.address ?? 'address not given'}, {latest.postcode ?? 'no postcode'}, score {latest.score}
      </Link>
    </Notification>
  );
}

export function Layout() {
  const { ping, signedOut } = useSession();
  const can = useCan();
  const [opened, { toggle, close }] = useDisclosure();
  const [finding, finder] = useDisclosure();
  const [helping, help] = useDisclosure();
  const [endingAll, endAll] = useDisclosure();
  const [location] = useLocation();
  useShortcuts(finder.open, help.open);
  return (
    <LiveProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 210, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
              <Text fw={700}>callagent desk</Text>
              <Badge variant="outline" visibleFrom="xs">
                {ping.user.role}
              </Badge>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Button variant="default" size="xs" onClick={finder.open} visibleFrom="md">
                Find (Ctrl K)
              </Button>
              <LiveBadge />
              <WorkspaceSwitcher />
              <Menu position="bottom-end">
                <Menu.Target>
                  <UnstyledButton aria-label={`Account: ${ping.user.name}`}>
                    <Text size="sm" visibleFrom="sm">
                      {ping.user.name}
                    </Text>
                    <Avatar size="sm" color="blue" hiddenFrom="sm" aria-hidden>
                      {ping.user.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{ping.user.email}</Menu.Label>
                  <Menu.Item component={Link} href="/account">
                    Your account
                  </Menu.Item>
                  <Menu.Item
                    onClick={async () => {
                      await api.auth.signOut().catch(() => {});
                      signedOut();
                    }}
                  >
                    Sign out
                  </Menu.Item>
                  <Menu.Item color="red" onClick={endAll.open}>
                    Sign out everywhere
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main">
          <Stack gap={2}>
            {NAV.filter((n) => n.need === null || can[n.need]).map((n) => (
              <NavLink
                key={n.href}
                component={Link}
                href={n.href}
                label={n.label}
                rightSection={n.href === '/calls' ? <NewCallsCount /> : undefined}
                active={n.href === '/' ? location === '/' : location.startsWith(n.href)}
                onClick={close}
                variant="filled"
              />
            ))}
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main>
          <Switch>
            <Route path="/" component={TodayPage} />
            <Route path="/calls" component={CallsPage} />
            <Route path="/calls/:id">{(p) => <CallPage id={p.id} />}</Route>
            <Route path="/opportunities" component={OpportunitiesPage} />
            <Route path="/leads" component={LeadsPage} />
            <Route path="/leads/:id">{(p) => <LeadPage id={p.id} />}</Route>
            <Route path="/calendar" component={CalendarPage} />
            <Route path="/insights" component={InsightsPage} />
            <Route path="/agent">{can.readAgent ? <AgentPage /> : <Redirect to="/" />}</Route>
            <Route path="/account" component={AccountPage} />
            <Route path="/settings/:section?">{(p) => <SettingsPage section={p.section ?? 'team'} />}</Route>
            <Route>
              <Text>That page does not exist.</Text>
            </Route>
          </Switch>
        </AppShell.Main>
        <HotToast />
        <CommandPalette opened={finding} onClose={finder.close} />
        <ShortcutsHelp opened={helping} onClose={help.close} />
        <SignOutEverywhere opened={endingAll} onClose={endAll.close} />
        <NamePrompt />
      </AppShell>
    </LiveProvider>
  );
}
