import type { Ping } from '@callagent/sdk';
import {
  createTheme,
  Drawer,
  defaultVariantColorsResolver,
  MantineProvider,
  Modal,
  Notification,
  type VariantColorsResolver,
} from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Route, Switch } from 'wouter';
import { api, isApiError } from './api';
import { Layout } from './layout';
import { AcceptInvitationPage } from './pages/accept-invitation';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-reset';
import { SignInPage } from './pages/sign-in';
import { SessionProvider } from './session';
import { styleNonce } from './style-nonce';
import { Loading } from './ui/feedback';

/**
 * Colours whose darkest shade is too light for small text on their own tint (3.3 to 4.1 to 1,
 * under WCAG AA's 4.5): their light badges and alerts write in near-black instead.
 */
const PALE_COLOURS = new Set(['green', 'lime', 'yellow', 'orange']);

/**
 * Light buttons, badges and alerts sit on the colour's palest shade and write their words in its
 * darkest, so small text keeps WCAG AA contrast on the tint (the default shades do not for every
 * colour: teal's darkest on its second shade is 4.3 to 1).
 */
const resolveVariantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const color = input.color ?? input.theme.primaryColor;
  return {
    ...colors,
    background: `var(--mantine-color-${color}-0)`,
    color: PALE_COLOURS.has(color) ? 'var(--mantine-color-dark-9)' : `var(--mantine-color-${color}-9)`,
    hover: `var(--mantine-color-${color}-1)`,
    hoverColor: 'var(--mantine-color-black)',
  };
};

// Shade 8 keeps white text on the primary colour above WCAG AA contrast.
const theme = createTheme({
  variantColorResolver: resolveVariantColors,
  // Close buttons are icons: they need a name for screen readers.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
  // Modals and menus honour the operating system's reduced-motion setting.
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, sans-serif',
});

export function App() {
  const [ping, setPing] = useState<Ping | null | undefined>(undefined);
  const signedOut = useCallback(() => setPing(null), []);
  const client = useMemo(() => {
    const onError = (error: unknown) => {
      if (isApiError(error, 'unauthenticated')) setPing(null);
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: { retry: false, refetchOnWindowFocus: true, staleTime: 10_000 },
      },
    });
  }, []);

  useEffect(() => {
    api.auth.ping().then(setPing, () => setPing(null));
  }, []);
  useEffect(() => {
    if (ping === null) client.clear();
  }, [ping, client]);

  const refresh = useCallback(async () => {
    setPing(await api.auth.ping());
    await client.invalidateQueries();
  }, [client]);

  return (
    // The component library injects its CSS variables as a <style>: it carries the page's nonce (CSP).
    <MantineProvider theme={theme} getStyleNonce={styleNonce}>
      <QueryClientProvider client={client}>
        <Switch>
          <Route path="/invitations/accept">
            <AcceptInvitationPage signedIn={ping} onJoined={setPing} onSignedOut={signedOut} />
          </Route>
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route>
            {ping === undefined ? (
              <Loading label="Starting" />
            ) : ping === null ? (
              <SignInPage onSignedIn={setPing} />
            ) : (
              <SessionProvider value={{ ping, refresh, signedOut }}>
                <Layout />
              </SessionProvider>
            )}
          </Route>
        </Switch>
      </QueryClientProvider>
    </MantineProvider>
  );
}
